/**
 * `/teams/:slug`: a team's members and projects, which every member sees; its admins and owners
 * also change roles, take people out, hand out invitation and password links, allow admin origins,
 * make projects, turn the team's features on and read its audit log. The server decides what each
 * role may do; this page hides only what it would refuse. Every change reloads the team, and its
 * failure is said beside the control that made it.
 */
import { useCallback, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AlertDialog } from '../ui/AlertDialog';
import { Button } from '../ui/Button';
import { CheckboxField } from '../ui/CheckboxField';
import { Notice } from '../ui/Notice';
import { SelectField } from '../ui/SelectField';
import { TextInputField } from '../ui/TextInputField';
import { ROLES, auditLog, deleteTeam, invite, passwordLink, removeMember, session, setFlags, setRole, team as loadTeam, withdraw } from './api';
import type { AuditEvent, HandedOutLink, Invitation, Member, Role, Team, User } from './api';
import { ct, formatMoment } from './messages';
import { ActionError, CopyField, Loading, Page, SubmitButton, useAction, useForm, useLoaded } from './Page';
import { Projects } from './Projects';

/** Whether `role` manages the team (members, links, projects, features, the audit log). */
export function isManager(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}

/** The roles someone with `role` may give: only owners make owners. */
export function roleChoices(role: Role): Role[] {
  return ROLES.filter((choice) => role === 'owner' || choice !== 'owner');
}

export type MemberControls = {
  changeRole: boolean;
  remove: boolean;
  leave: boolean;
  passwordLink: boolean;
};

/** What the person `me` may do to `member` of `team`, as the server would allow it. */
export function controlsFor(team: Team, me: string, member: Member): MemberControls {
  const manager = isManager(team.role);
  const mine = member.user.id === me;
  // Only owners touch owners, and a team keeps one.
  const ownerOutOfReach = member.role === 'owner' && team.role !== 'owner';
  const soleOwner = member.role === 'owner' && team.members.filter((other) => other.role === 'owner').length === 1;
  return {
    changeRole: manager && !ownerOutOfReach && !soleOwner,
    remove: manager && !mine && !ownerOutOfReach,
    leave: mine && !soleOwner,
    passwordLink: manager && !ownerOutOfReach,
  };
}

const roleLabel = (role: Role) => ct(`role.${role}`);
const roleOptions = (role: Role) => roleChoices(role).map((value) => ({ value, label: roleLabel(value) }));

type Loaded = { me: User; team: Team; events: AuditEvent[] };

export function TeamPage() {
  const { slug = '' } = useParams();
  const load = useCallback(async (): Promise<Loaded> => {
    const [{ user }, team] = await Promise.all([session(), loadTeam(slug)]);
    const events = isManager(team.role) ? (await auditLog(slug)).events : [];
    return { me: user, team, events };
  }, [slug]);
  const loaded = useLoaded(load);
  return (
    <Page title={loaded.value?.team.name ?? ct('team.title')} width="wide" accountLink>
      <Loading loaded={loaded}>{(found) => <TeamView {...found} changed={loaded.reload} />}</Loading>
    </Page>
  );
}

type ViewProps = Loaded & { changed(): void };

function TeamView({ me, team, events, changed }: ViewProps) {
  const manager = isManager(team.role);
  return (
    <div className="cloud-team">
      <Section id="team-members" title={ct('team.members')}>
        <ul className="cloud-list cloud-grid">
          {team.members.map((member) => (
            <MemberRow key={member.user.id} team={team} member={member} me={me} changed={changed} />
          ))}
        </ul>
      </Section>
      {manager && (
        <Section id="team-invite" title={ct('team.invite')}>
          <InviteForm team={team} changed={changed} />
        </Section>
      )}
      {manager && (
        <Section id="team-invitations" title={ct('team.invitations')}>
          {team.invitations.length === 0 ? (
            <p className="cloud-muted">{ct('team.noInvitations')}</p>
          ) : (
            <ul className="cloud-list cloud-grid">
              {team.invitations.map((invitation) => (
                <InvitationRow key={invitation.id} team={team} invitation={invitation} changed={changed} />
              ))}
            </ul>
          )}
        </Section>
      )}
      <Section id="team-projects" title={ct('team.projects')}>
        <Projects team={team} manager={manager} changed={changed} />
      </Section>
      {manager && (
        <Section id="team-features" title={ct('team.features')}>
          <Features team={team} changed={changed} />
        </Section>
      )}
      {manager && (
        <Section id="team-audit" title={ct('team.audit')}>
          <AuditLog events={events} />
        </Section>
      )}
      {team.role === 'owner' && (
        <Section id="team-delete" title={ct('team.delete')}>
          <DeleteTeam team={team} />
        </Section>
      )}
    </div>
  );
}

/** Owners only, after a confirmation; then back to the account, which lists the teams left. */
function DeleteTeam({ team }: { team: Team }) {
  const navigate = useNavigate();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <p className="cloud-muted">{ct('team.deleteHelp')}</p>
      <div className="cloud-actions">
        <Button onPress={() => setConfirming(true)}>{ct('team.delete')}</Button>
      </div>
      <AlertDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={ct('team.deleteTitle', { team: team.name })}
        message={action.error ?? ct('team.deleteMessage')}
        cancelLabel={ct('form.cancel')}
        confirmLabel={ct('team.delete')}
        isPending={action.isPending}
        onConfirm={() =>
          void action.run(async () => {
            await deleteTeam(team.slug);
            await navigate('/account', { replace: true });
          })
        }
      />
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="cloud-section" aria-labelledby={id}>
      <h2 className="cloud-heading" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

type RowProps = { team: Team; changed(): void };

function MemberRow({ team, member, me, changed }: RowProps & { member: Member; me: User }) {
  const navigate = useNavigate();
  const action = useAction();
  const errorId = useId();
  const [link, setLink] = useState<HandedOutLink | null>(null);
  const [confirming, setConfirming] = useState(false);
  const controls = controlsFor(team, me.id, member);
  const mine = member.user.id === me.id;
  const { user } = member;
  const describedBy = action.error === null ? undefined : errorId;
  const takeOut = () =>
    action.run(async () => {
      await removeMember(team.slug, user.id);
      setConfirming(false);
      if (mine) await navigate('/account', { replace: true });
      else changed();
    });
  return (
    <li className="cloud-member">
      <div className="cloud-member-who">
        <span className="cloud-row-title">
          <bdi>{user.name}</bdi>
          {mine && <span className="cloud-you">{ct('team.you')}</span>}
        </span>
        <span className="cloud-muted">{user.email}</span>
      </div>
      <div className="cloud-member-role">
        {controls.changeRole ? (
          <SelectField
            label={ct('team.roleOf', { name: user.name })}
            isLabelHidden
            options={roleOptions(team.role)}
            value={member.role}
            isDisabled={action.isPending}
            onChange={(role) => {
              if (role === member.role) return;
              void action.run(() => setRole(team.slug, user.id, role as Role)).then((done) => done && changed());
            }}
          />
        ) : (
          <span className="cloud-role">{roleLabel(member.role)}</span>
        )}
      </div>
      <div className="cloud-member-actions">
        {controls.passwordLink && (
          <Button
            onPress={() => void action.run(async () => setLink(await passwordLink(team.slug, user.id)))}
            isDisabled={action.isPending}
            aria-describedby={describedBy}
          >
            {ct('team.passwordLink')}
          </Button>
        )}
        {(controls.remove || controls.leave) && (
          <Button onPress={() => setConfirming(true)} isDisabled={action.isPending} aria-describedby={describedBy}>
            {mine ? ct('team.leave') : ct('team.remove')}
          </Button>
        )}
      </div>
      <ActionError id={errorId} error={confirming ? null : action.error} />
      {link !== null && <HandedOut label={ct('team.passwordLinkFor', { name: user.name })} email={user.email} handed={link} />}
      <AlertDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={mine ? ct('team.leaveTitle', { team: team.name }) : ct('team.removeTitle', { name: user.name, team: team.name })}
        message={action.error ?? (mine ? ct('team.leaveMessage') : ct('team.removeMessage'))}
        cancelLabel={ct('form.cancel')}
        confirmLabel={mine ? ct('team.leave') : ct('team.remove')}
        isPending={action.isPending}
        onConfirm={() => void takeOut()}
      />
    </li>
  );
}

function InviteForm({ team, changed }: RowProps) {
  const [role, setInvitedRole] = useState<Role>('editor');
  const [sent, setSent] = useState<{ email: string; handed: HandedOutLink } | null>(null);
  const form = useForm({ email: '' }, async ({ email }, { reset }) => {
    const handed = await invite(team.slug, email, role);
    setSent({ email: email.trim(), handed });
    reset();
    changed();
  });
  return (
    <>
      <form className="cloud-form cloud-inline-form" noValidate onSubmit={form.submit}>
        <TextInputField label={ct('form.email')} type="email" autoComplete="off" {...form.field('email')} />
        <SelectField label={ct('team.role')} options={roleOptions(team.role)} value={role} onChange={(value) => setInvitedRole(value as Role)} />
        <SubmitButton form={form}>{ct('team.inviteSubmit')}</SubmitButton>
      </form>
      <ActionError id={form.errorId} error={form.action.error} />
      {sent !== null && <HandedOut label={ct('team.invitationLinkFor', { email: sent.email })} email={sent.email} handed={sent.handed} />}
    </>
  );
}

/**
 * A link handed out, to copy, and whether it went to `email`: sent, or the reason the cloud's mail
 * server gave for not sending it. A cloud without a mail server sends nothing, and says nothing of it.
 */
function HandedOut({ label, email, handed }: { label: string; email: string; handed: HandedOutLink }) {
  return (
    <div className="cloud-handed-out">
      {handed.emailed ? (
        <p className="cloud-sent" role="status">
          {ct('team.sentTo', { email })}
        </p>
      ) : (
        handed.mailError !== undefined && (
          <Notice tone="caution" title={ct('team.mailFailed')}>
            <p>{handed.mailError}</p>
            <p>{ct('team.mailFailedHelp')}</p>
          </Notice>
        )
      )}
      <CopyField label={label} description={handed.emailed ? ct('team.linkValidity') : ct('team.linkHelp')} value={handed.link} />
    </div>
  );
}

function InvitationRow({ team, invitation, changed }: RowProps & { invitation: Invitation }) {
  const action = useAction();
  const errorId = useId();
  return (
    <li className="cloud-member">
      <div className="cloud-member-who">
        <span className="cloud-row-title">{invitation.email}</span>
        <span className="cloud-muted">{ct('team.expires', { date: formatMoment(invitation.expiresAt) })}</span>
      </div>
      <div className="cloud-member-role">
        <span className="cloud-role">{roleLabel(invitation.role)}</span>
      </div>
      <div className="cloud-member-actions">
        <Button
          onPress={() => void action.run(() => withdraw(team.slug, invitation.id)).then((done) => done && changed())}
          isPending={action.isPending}
          aria-describedby={action.error === null ? undefined : errorId}
        >
          {ct('team.withdraw')}
        </Button>
      </div>
      <ActionError id={errorId} error={action.error} />
    </li>
  );
}

function Features({ team, changed }: RowProps) {
  const action = useAction();
  // Shown as chosen at once; the team's answer follows.
  const [flags, setShown] = useState({ images: team.images, multiplayer: team.multiplayer });
  const choose = (next: typeof flags) => {
    if (action.isPending) return;
    const before = flags;
    setShown(next);
    void action.run(() => setFlags(team.slug, next)).then((done) => {
      if (done) changed();
      else setShown(before);
    });
  };
  return (
    <div className="cloud-form">
      <CheckboxField
        label={ct('team.images')}
        description={ct('team.imagesHelp')}
        isSelected={flags.images}
        onChange={(images) => choose({ ...flags, images })}
      />
      <CheckboxField
        label={ct('team.multiplayer')}
        description={ct('team.multiplayerHelp')}
        isSelected={flags.multiplayer}
        onChange={(multiplayer) => choose({ ...flags, multiplayer })}
      />
      <ActionError error={action.error} />
    </div>
  );
}

function AuditLog({ events }: { events: AuditEvent[] }) {
  if (events.length === 0) return <p className="cloud-muted">{ct('team.noEvents')}</p>;
  return (
    <ol className="cloud-audit">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`}>
          <time className="cloud-muted" dateTime={new Date(event.at * 1000).toISOString()}>
            {formatMoment(event.at)}
          </time>
          <bdi>{event.detail}</bdi>
        </li>
      ))}
    </ol>
  );
}
