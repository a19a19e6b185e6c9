// @vitest-environment happy-dom
/**
 * The team page shows every member the members and projects, and its admins and owners what they
 * manage; it hides only what the cloud would refuse (an admin never touches owners, a team keeps
 * one owner), sends each change as the API takes it, says a refusal beside its control, and says
 * whether a link it hands out went by email; only owners delete the team, once confirmed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { Member, Role, Team } from './api';
import { formatMoment, loadCloudMessages } from './messages';
import { originsFrom } from './Projects';
import { controlsFor, roleChoices } from './Team';
import { buttons, input, press, refusal, serve, settle, show, text, type } from './testing';
import type { Answer, Call, Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const person = (id: string, name: string) => ({ id, name, email: `${id}@example.com` });
const ada = person('ada', 'Ada');

function teamAs(role: Role, members: Member[] = defaultMembers(role)): Team {
  return {
    slug: 'acme',
    name: 'Acme',
    images: false,
    multiplayer: true,
    role,
    members,
    projects: [{ id: 'acme/blog', slug: 'blog', name: 'Blog', origins: ['https://cms.example.com'], repository: null }],
    invitations: role === 'admin' || role === 'owner' ? [{ id: '0123abcd0123abcd', email: 'cy@example.com', role: 'viewer', expiresAt: 1700000000 }] : [],
  };
}

function defaultMembers(mine: Role): Member[] {
  return [
    { user: ada, role: mine },
    { user: person('olga', 'Olga'), role: 'owner' },
    { user: person('ed', 'Ed'), role: 'editor' },
  ];
}

const events = [{ actor: 'olga', action: 'member.invited', detail: 'olga@example.com invited cy@example.com as viewer', at: 1700000000 }];

function serveTeam(team: Team, more: Record<string, Answer | ((body: unknown) => Answer)> = {}): Call[] {
  return serve({
    'GET /api/session': { body: { user: ada } },
    'GET /api/teams/acme': { body: team },
    'GET /api/teams/acme/audit': { body: { events } },
    'GET /api/teams/acme/projects/blog/repository': { body: { repository: null, app: null, installUrl: null } },
    ...more,
  });
}

const rowOf = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll<HTMLElement>('.cloud-member')].find((row) => row.querySelector('.cloud-row-title')?.textContent?.startsWith(name))!;
const teamLoads = (calls: Call[]) => calls.filter((call) => call.url === '/api/teams/acme' && call.method === 'GET').length;

describe('what the page offers', () => {
  it('gives owners every role and admins every role but owner', () => {
    expect(roleChoices('owner')).toEqual(['owner', 'admin', 'editor', 'viewer']);
    expect(roleChoices('admin')).toEqual(['admin', 'editor', 'viewer']);
  });

  it('lets an admin manage everyone but owners, and leave', () => {
    const team = teamAs('admin');
    const [me, owner, editor] = team.members as [Member, Member, Member];
    expect(controlsFor(team, 'ada', me)).toEqual({ changeRole: true, remove: false, leave: true, passwordLink: true });
    expect(controlsFor(team, 'ada', owner)).toEqual({ changeRole: false, remove: false, leave: false, passwordLink: false });
    expect(controlsFor(team, 'ada', editor)).toEqual({ changeRole: true, remove: true, leave: false, passwordLink: true });
  });

  it('keeps a sole owner in the team and an owner', () => {
    const team = teamAs('owner', [
      { user: ada, role: 'owner' },
      { user: person('ed', 'Ed'), role: 'editor' },
    ]);
    expect(controlsFor(team, 'ada', team.members[0]!)).toEqual({ changeRole: false, remove: false, leave: false, passwordLink: true });
    const two = teamAs('owner', [...team.members, { user: person('olga', 'Olga'), role: 'owner' }]);
    expect(controlsFor(two, 'ada', two.members[0]!)).toMatchObject({ changeRole: true, leave: true });
    expect(controlsFor(two, 'ada', two.members[2]!)).toEqual({ changeRole: true, remove: true, leave: false, passwordLink: true });
  });

  it('lets an editor only leave', () => {
    const team = teamAs('editor');
    expect(controlsFor(team, 'ada', team.members[0]!)).toEqual({ changeRole: false, remove: false, leave: true, passwordLink: false });
    expect(controlsFor(team, 'ada', team.members[2]!)).toEqual({ changeRole: false, remove: false, leave: false, passwordLink: false });
  });

  it('reads origins one per line', () => {
    expect(originsFrom(' https://a.example \n\nhttp://localhost:8788\n')).toEqual(['https://a.example', 'http://localhost:8788']);
  });
});

describe('the team page', () => {
  it('shows an editor the members and projects, and nothing to manage', async () => {
    const calls = serveTeam(teamAs('editor'));
    page = await show('/teams/acme');
    const shown = text(page.container);
    expect(shown).toContain('Olga');
    expect(shown).toContain('https://cms.example.com');
    expect(page.container.querySelectorAll('select')).toHaveLength(0);
    for (const name of ['Invite', 'Remove', 'Password link', 'Edit origins', 'Create project', 'Withdraw']) {
      expect(buttons(page.container, name)).toEqual([]);
    }
    expect(shown).not.toContain('Audit log');
    expect(shown).not.toContain('Features');
    expect(calls.some((call) => call.url.endsWith('/audit'))).toBe(false);
    expect(buttons(rowOf(page.container, 'Ada'), 'Leave team')).toHaveLength(1);
  });

  it('shows an admin what they manage, and no control over the owner', async () => {
    serveTeam(teamAs('admin'));
    page = await show('/teams/acme');
    const shown = text(page.container);
    for (const heading of ['Invite someone', 'Invitations waiting', 'Features', 'Audit log']) expect(shown).toContain(heading);
    expect(shown).toContain('olga@example.com invited cy@example.com as viewer');
    expect(page.container.querySelector('time')?.getAttribute('dateTime')).toBe('2023-11-14T22:13:20.000Z');
    const owner = rowOf(page.container, 'Olga');
    expect(owner.querySelector('select')).toBeNull();
    expect(owner.querySelectorAll('button')).toHaveLength(0);
    expect(text(owner)).toContain('Owner');
    const editor = rowOf(page.container, 'Ed');
    expect(buttons(editor, 'Remove')).toHaveLength(1);
    expect(buttons(editor, 'Password link')).toHaveLength(1);
    // An admin's choices leave out owner.
    expect([...editor.querySelectorAll('option')].map((option) => option.value).filter(Boolean)).toEqual(['admin', 'editor', 'viewer']);
  });

  it("changes a member's role, then shows the team again", async () => {
    const calls = serveTeam(teamAs('owner'), { 'PUT /api/teams/acme/members/ed': { status: 204 } });
    page = await show('/teams/acme');
    const select = rowOf(page.container, 'Ed').querySelector('select')!;
    expect([...select.querySelectorAll('option')].map((option) => option.value).filter(Boolean)).toEqual(['owner', 'admin', 'editor', 'viewer']);
    act(() => {
      select.value = 'viewer';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/teams/acme/members/ed', body: { role: 'viewer' } });
    expect(teamLoads(calls)).toBe(2);
  });

  it('invites, shows the link to copy and the team again', async () => {
    const link = 'https://cloud.example.com/link#inv1';
    const calls = serveTeam(teamAs('admin'), { 'POST /api/teams/acme/invitations': { body: { link, emailed: false } } });
    page = await show('/teams/acme');
    type(page.container, 'Email', 'dee@example.com');
    await press(page.container, 'Invite');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/teams/acme/invitations',
      body: { email: 'dee@example.com', role: 'editor' },
    });
    const shown = input(page.container, 'Invitation link for dee@example.com');
    expect(shown.value).toBe(link);
    expect(shown.readOnly).toBe(true);
    expect(teamLoads(calls)).toBe(2);
    // No mail server: nothing said of email, the link to send by hand.
    const handedOut = page.container.querySelector<HTMLElement>('.cloud-handed-out')!;
    expect(text(handedOut)).toContain('Send this link to them yourself.');
    expect(text(handedOut)).not.toContain('Sent to');
    expect(handedOut.querySelector('.notice')).toBeNull();
  });

  it('says an invitation went by email, keeping its link to copy', async () => {
    const link = 'https://cloud.example.com/link#inv2';
    serveTeam(teamAs('admin'), { 'POST /api/teams/acme/invitations': { body: { link, emailed: true } } });
    page = await show('/teams/acme');
    type(page.container, 'Email', ' dee@example.com ');
    await press(page.container, 'Invite');
    const handedOut = page.container.querySelector<HTMLElement>('.cloud-handed-out')!;
    expect(handedOut.querySelector('[role="status"]')!.textContent).toBe('Sent to dee@example.com.');
    expect(text(handedOut)).not.toContain('Send this link to them yourself.');
    expect(text(handedOut)).toContain('It works once, within 7 days.');
    expect(handedOut.querySelector('.notice')).toBeNull();
    expect(input(page.container, 'Invitation link for dee@example.com').value).toBe(link);
  });

  it("warns when the invitation's email could not be sent, with the link to send by hand", async () => {
    const link = 'https://cloud.example.com/link#inv3';
    serveTeam(teamAs('admin'), {
      'POST /api/teams/acme/invitations': { body: { link, emailed: false, mailError: 'smtp.example.com refused the connection' } },
    });
    page = await show('/teams/acme');
    type(page.container, 'Email', 'dee@example.com');
    await press(page.container, 'Invite');
    const handedOut = page.container.querySelector<HTMLElement>('.cloud-handed-out')!;
    const warning = handedOut.querySelector<HTMLElement>('.notice')!;
    expect(text(warning)).toContain('The email could not be sent');
    expect(text(warning)).toContain('smtp.example.com refused the connection');
    expect(text(warning)).toContain('Copy the link and send it yourself.');
    expect(text(handedOut)).not.toContain('Sent to');
    expect(input(page.container, 'Invitation link for dee@example.com').value).toBe(link);
  });

  it("says the cloud's refusal of an invitation beside its form", async () => {
    serveTeam(teamAs('admin'), {
      'POST /api/teams/acme/invitations': refusal(400, '"dee" is not an email address such as name@example.com.'),
    });
    page = await show('/teams/acme');
    type(page.container, 'Email', 'dee');
    await press(page.container, 'Invite');
    const alert = page.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('"dee" is not an email address such as name@example.com.');
    expect(buttons(page.container, 'Invite')[0]!.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it("hands out a member's password link", async () => {
    const calls = serveTeam(teamAs('admin'), {
      'POST /api/teams/acme/members/ed/password-link': { body: { link: 'https://cloud.example.com/link#pw1', emailed: false } },
    });
    page = await show('/teams/acme');
    await press(rowOf(page.container, 'Ed'), 'Password link');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/teams/acme/members/ed/password-link' });
    expect(input(page.container, 'Password link for Ed').value).toBe('https://cloud.example.com/link#pw1');
    const row = rowOf(page.container, 'Ed');
    expect(text(row)).toContain('Send this link to them yourself.');
    expect(text(row)).not.toContain('Sent to');
    expect(row.querySelector('.notice')).toBeNull();
  });

  it('says a password link went to the member by email', async () => {
    serveTeam(teamAs('admin'), {
      'POST /api/teams/acme/members/ed/password-link': { body: { link: 'https://cloud.example.com/link#pw2', emailed: true } },
    });
    page = await show('/teams/acme');
    await press(rowOf(page.container, 'Ed'), 'Password link');
    const row = rowOf(page.container, 'Ed');
    expect(row.querySelector('.cloud-sent')!.textContent).toBe('Sent to ed@example.com.');
    expect(text(row)).not.toContain('Send this link to them yourself.');
    expect(input(page.container, 'Password link for Ed').value).toBe('https://cloud.example.com/link#pw2');
  });

  it("warns when a password link's email could not be sent", async () => {
    serveTeam(teamAs('admin'), {
      'POST /api/teams/acme/members/ed/password-link': {
        body: { link: 'https://cloud.example.com/link#pw3', emailed: false, mailError: 'The mail server did not answer.' },
      },
    });
    page = await show('/teams/acme');
    await press(rowOf(page.container, 'Ed'), 'Password link');
    const row = rowOf(page.container, 'Ed');
    const warning = row.querySelector<HTMLElement>('.notice')!;
    expect(text(warning)).toContain('The email could not be sent');
    expect(text(warning)).toContain('The mail server did not answer.');
    expect(text(warning)).toContain('Copy the link and send it yourself.');
    expect(row.querySelector('.cloud-sent')).toBeNull();
    expect(input(page.container, 'Password link for Ed').value).toBe('https://cloud.example.com/link#pw3');
  });

  it('withdraws an invitation', async () => {
    const calls = serveTeam(teamAs('admin'), { 'DELETE /api/teams/acme/invitations/0123abcd0123abcd': { status: 204 } });
    page = await show('/teams/acme');
    await press(page.container, 'Withdraw');
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/teams/acme/invitations/0123abcd0123abcd');
    expect(teamLoads(calls)).toBe(2);
  });

  it('offers deleting the team to owners only', async () => {
    serveTeam(teamAs('admin'));
    page = await show('/teams/acme');
    expect(buttons(page.container, 'Delete team')).toEqual([]);
  });

  it('deletes the team once an owner confirms, then shows the account', async () => {
    const calls = serveTeam(teamAs('owner'), { 'DELETE /api/teams/acme': { status: 204 } });
    page = await show('/teams/acme');
    await press(page.container, 'Delete team');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(text(dialog)).toContain('Delete Acme?');
    await press(dialog, 'Delete team');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/teams/acme', body: undefined }]);
    expect(page.location().pathname).toBe('/account');
  });

  it('renames a project, then shows the team again', async () => {
    const calls = serveTeam(teamAs('admin'), { 'PUT /api/teams/acme/projects/blog': { body: { name: 'Journal' } } });
    page = await show('/teams/acme');
    await press(page.container, 'Rename');
    expect(input(page.container, 'Name of Blog').value).toBe('Blog');
    type(page.container, 'Name of Blog', 'Journal');
    await press(page.container, 'Save name');
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/teams/acme/projects/blog', body: { name: 'Journal' } });
    expect(teamLoads(calls)).toBe(2);
    const { container } = page;
    expect(() => input(container, 'Name of Blog')).toThrow('no input labelled');
  });

  it("says the cloud's refusal of a project's name in its field", async () => {
    serveTeam(teamAs('admin'), { 'PUT /api/teams/acme/projects/blog': refusal(400, 'A name is 1 to 100 characters.') });
    page = await show('/teams/acme');
    await press(page.container, 'Rename');
    type(page.container, 'Name of Blog', ' ');
    await press(page.container, 'Save name');
    expect(text(page.container)).toContain('A name is 1 to 100 characters.');
  });

  it("replaces a project's origins with those typed, one per line", async () => {
    const calls = serveTeam(teamAs('admin'), { 'PUT /api/teams/acme/projects/blog/origins': { body: { origins: [] } } });
    page = await show('/teams/acme');
    await press(page.container, 'Edit origins');
    expect(input(page.container, 'Allowed admin origins of Blog').value).toBe('https://cms.example.com');
    type(page.container, 'Allowed admin origins of Blog', 'https://cms.example.com\n\nhttp://localhost:8788');
    await press(page.container, 'Save origins');
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/teams/acme/projects/blog/origins',
      body: { origins: ['https://cms.example.com', 'http://localhost:8788'] },
    });
  });

  it('makes a project with the slug suggested from its name', async () => {
    const calls = serveTeam(teamAs('admin'), { 'POST /api/teams/acme/projects': { status: 201, body: { id: 'acme/docs-site', name: 'Docs Site', origins: [] } } });
    page = await show('/teams/acme');
    type(page.container, 'Project name', 'Docs Site');
    type(page.container, 'Allowed admin origins', 'https://docs.example.com');
    await press(page.container, 'Create project');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/teams/acme/projects',
      body: { slug: 'docs-site', name: 'Docs Site', origins: ['https://docs.example.com'] },
    });
  });

  it("turns a feature on, keeping the other as it is", async () => {
    const calls = serveTeam(teamAs('admin'), { 'PUT /api/teams/acme/flags': { status: 204 } });
    page = await show('/teams/acme');
    const images = input(page.container, 'Images') as HTMLInputElement;
    act(() => images.click());
    await settle();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/teams/acme/flags', body: { images: true, multiplayer: true } });
  });
});

describe('moments', () => {
  afterEach(() => loadCloudMessages('en-US'));

  it("are dates and times of the page's locale", async () => {
    expect(formatMoment(1700000000)).toMatch(/^Nov 1[45], 2023/);
    await loadCloudMessages('fr-FR');
    expect(formatMoment(1700000000)).toMatch(/^1[45] nov\. 2023/);
  });
});
