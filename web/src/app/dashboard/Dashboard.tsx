/**
 * Hello to the person signed in (with Manage Account on a cloud), the current branch (git storage),
 * then the groups of `ui.navigation`, in its order and with its labels, as the sidebar shows them: a
 * card per collection (with its entry count, its changes against the default branch and an add link)
 * and per singleton (with a Changed badge).
 */
import { useCallback } from 'react';
import { isWithin } from '../../collab/presence';
import type { Person } from '../../collab/presence';
import { useCollab, usePeople } from '../collab/CollabProvider';
import { People } from '../collab/People';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Config, NavItem } from '../../api/config';
import type { Summary } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { useScreenShown } from '../../lib/screenShown';
import { Badge } from '../../ui/Badge';
import { IconLink, LinkButton } from '../../ui/Button';
import { CurrentBranchCard } from '../branch/CurrentBranchCard';
import { useCloudSession, useConfig, useUser } from '../data/ConfigProvider';
import { useSummary } from '../data/SummaryProvider';
import { useHrefs } from '../hrefs';
import type { Hrefs } from '../hrefs';
import { collectionChanges } from '../shell/changeCounts';
import { ScreenHeader } from '../shell/ScreenHeader';

export function Dashboard() {
  const config = useConfig();
  const hrefs = useHrefs();
  // Counts are extras: the cards stand without them while loading or if the summary fails.
  const { summary: counts } = useSummary();
  useScreenShown(counts !== null);
  return (
    <>
      <ScreenHeader title={t('nav.dashboard')} />
      <div className="dashboard">
        <Greeting />
        <CurrentBranchCard />
        {config.ui.navigation.map((group, index) => {
          const items = group.items.filter((item) => isShown(item, config));
          if (items.length === 0) return null;
          const headingId = `dashboard-group-${index}`;
          return (
            <section className="dashboard-section" key={index} aria-labelledby={group.label === null ? undefined : headingId}>
              {group.label !== null && (
                <h2 className="dashboard-heading" id={headingId}>
                  <bdi>{group.label}</bdi>
                </h2>
              )}
              <ul className="dashboard-grid">
                {items.map((item) => (
                  <Card key={`${item.kind}:${'key' in item ? item.key : ''}`} item={item} config={config} hrefs={hrefs} counts={counts} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}

/** Hello to the person signed in, and on a cloud the way to their account there. */
function Greeting() {
  const user = useUser();
  const cloud = useCloudSession();
  if (user === null) return null;
  return (
    <div className="dashboard-welcome">
      <p className="dashboard-greeting">{t('dashboard.greeting', { name: user.name ?? user.login })}</p>
      {cloud !== null && (
        <LinkButton href={cloud.accountUrl} target="_blank" rel="noreferrer">
          {t('dashboard.manageAccount')}
        </LinkButton>
      )}
    </div>
  );
}

/** Dividers part the sidebar's links; the dashboard's cards need none. */
function isShown(item: NavItem, config: Config): boolean {
  if (item.kind === 'collection') return config.collections[item.key] !== undefined;
  if (item.kind === 'singleton') return config.singletons[item.key] !== undefined;
  return false;
}

type CardProps = { item: NavItem; config: Config; hrefs: Hrefs; counts: Summary | null };

function Card({ item, config, hrefs, counts }: CardProps) {
  if (item.kind === 'collection') {
    const { label } = config.collections[item.key]!;
    const summary = counts?.collections[item.key];
    const changes = collectionChanges(summary);
    return (
      <CardFrame
        title={label}
        href={hrefs.collection(item.key)}
        meta={summary === undefined ? null : t('dashboard.entries', { count: summary.count })}
        badge={changes > 0 ? t('status.changes', { count: changes }) : null}
        action={<IconLink href={hrefs.createEntry(item.key)} icon="plus" label={t('dashboard.add', { label })} bordered />}
      />
    );
  }
  if (item.kind !== 'singleton') return null;
  const status = counts?.singletons[item.key];
  return (
    <CardFrame
      title={config.singletons[item.key]!.label}
      href={hrefs.singleton(item.key)}
      meta={status?.exists === false ? t('dashboard.notCreated') : null}
      badge={status?.changed === true ? t('status.changed') : null}
    />
  );
}

type CardFrameProps = { title: string; href: string; meta: string | null; badge: string | null; action?: ReactNode };

/** Others on `href`'s screen or below it (a collection's entries), on this branch. */
function usePeopleWithin(href: string): Person[] {
  const { placeOf } = useCollab();
  const within = useCallback(
    (person: Person) => {
      const { branch, location } = placeOf(href);
      return isWithin(person, branch, location);
    },
    [href, placeOf],
  );
  return usePeople(within);
}

/** A card: its screen's link and what is known of it, a badge for changes, and an action. */
function CardFrame({ title, href, meta, badge, action }: CardFrameProps) {
  const people = usePeopleWithin(href);
  return (
    <li className="dashboard-card">
      <div className="dashboard-card-text">
        <Link className="dashboard-card-title" to={href}>
          <bdi>{title}</bdi>
        </Link>
        {meta !== null && <span className="dashboard-card-meta">{meta}</span>}
      </div>
      <People people={people} size="small" label={people.length > 0 ? t('collab.peopleHere') : undefined} />
      {badge !== null && <Badge>{badge}</Badge>}
      {action}
    </li>
  );
}
