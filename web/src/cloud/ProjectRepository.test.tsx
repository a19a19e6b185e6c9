// @vitest-environment happy-dom
/**
 * A project's GitHub repository on the team page: every member sees the one connected; admins and
 * owners also see whether the cloud's GitHub App is installed on it (asked once the project shows),
 * with a link to install it when it is missing, and connect, change or disconnect it, the server's
 * refusal said in the field and what the save changed read out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepositoryStatus, Role, Team } from './api';
import { buttons, input, press, refusal, serve, show, text, type } from './testing';
import type { Answer, Call, Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
const statusUrl = '/api/teams/acme/projects/blog/repository';

function teamAs(role: Role, repository: string | null): Team {
  return {
    slug: 'acme',
    name: 'Acme',
    images: false,
    multiplayer: false,
    role,
    members: [{ user: ada, role }],
    projects: [{ id: 'acme/blog', slug: 'blog', name: 'Blog', origins: [], repository }],
    invitations: [],
  };
}

const installed: RepositoryStatus = { repository: 'acme/site', app: 'installed', installUrl: null };
const unconnected: RepositoryStatus = { repository: null, app: null, installUrl: null };

function serveTeam(team: Team, more: Record<string, Answer | ((body: unknown) => Answer)> = {}): Call[] {
  return serve({
    'GET /api/session': { body: { user: ada } },
    'GET /api/teams/acme': { body: team },
    'GET /api/teams/acme/audit': { body: { events: [] } },
    ...more,
  });
}

/** The project's repository, as its facts show it. */
function repositoryFact(container: HTMLElement): HTMLElement | null {
  const term = [...container.querySelectorAll('.cloud-project dt')].find((dt) => dt.textContent === 'GitHub repository');
  return (term?.nextElementSibling as HTMLElement | null) ?? null;
}

/** The region that reads out what a save changed. */
const statusOf = (container: HTMLElement) => repositoryFact(container)!.querySelector<HTMLElement>('.cloud-repository-state[role="status"]');

describe("a project's repository for its team's members", () => {
  it('shows an editor the repository connected, and asks nothing', async () => {
    const calls = serveTeam(teamAs('editor', 'acme/site'));
    page = await show('/teams/acme');
    expect(repositoryFact(page.container)!.textContent).toBe('acme/site');
    expect(repositoryFact(page.container)!.querySelector('a')).toBeNull();
    expect(page.container.querySelector('.cloud-repository-form')).toBeNull();
    expect(buttons(page.container, 'Save')).toEqual([]);
    expect(calls.some((call) => call.url === statusUrl)).toBe(false);
  });

  it('says nothing of a repository to a viewer of a project without one', async () => {
    serveTeam(teamAs('viewer', null));
    page = await show('/teams/acme');
    expect(repositoryFact(page.container)).toBeNull();
    expect(text(page.container)).not.toContain('GitHub');
  });
});

describe("a project's repository for its team's admins", () => {
  it('asks the status once the project shows, and says the app is installed', async () => {
    const calls = serveTeam(teamAs('admin', 'acme/site'), { [`GET ${statusUrl}`]: { body: installed } });
    page = await show('/teams/acme');
    expect(calls.filter((call) => call.url === statusUrl)).toEqual([{ method: 'GET', url: statusUrl, body: undefined }]);
    const fact = repositoryFact(page.container)!;
    expect(fact.querySelector('code')!.textContent).toBe('acme/site');
    expect(fact.querySelector('.cloud-sent')!.textContent).toBe("The cloud's GitHub App is installed on this repository.");
    expect(fact.querySelector('.notice')).toBeNull();
    // The repository is text, not a link: the cloud's GitHub may be an Enterprise one.
    expect(fact.querySelector('a')).toBeNull();
  });

  it('labels its field, with the form named after the project', async () => {
    serveTeam(teamAs('owner', 'acme/site'), { [`GET ${statusUrl}`]: { body: installed } });
    page = await show('/teams/acme');
    const field = input(page.container, 'GitHub repository') as HTMLInputElement;
    expect(field.value).toBe('acme/site');
    expect(field.placeholder).toBe('owner/name');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(
      'Leave it empty to disconnect the repository.',
    );
    expect(field.closest('form')!.getAttribute('aria-label')).toBe('GitHub repository of Blog');
    expect(buttons(field.closest('form')!, 'Save')).toHaveLength(1);
  });

  it('warns that the app is missing, with a link to install it in a new tab', async () => {
    const installUrl = 'https://github.com/apps/quire-cloud/installations/new';
    serveTeam(teamAs('admin', 'acme/site'), { [`GET ${statusUrl}`]: { body: { repository: 'acme/site', app: 'missing', installUrl } } });
    page = await show('/teams/acme');
    const warning = repositoryFact(page.container)!.querySelector<HTMLElement>('.notice-caution')!;
    expect(text(warning)).toContain("The cloud's GitHub App is not installed on this repository");
    const [link] = buttons(warning, 'Install the GitHub App');
    expect(link!.getAttribute('href')).toBe(installUrl);
    expect(link!.getAttribute('target')).toBe('_blank');
    expect(link!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('warns that the app is missing without a link when the cloud knows none', async () => {
    serveTeam(teamAs('admin', 'acme/site'), { [`GET ${statusUrl}`]: { body: { repository: 'acme/site', app: 'missing', installUrl: null } } });
    page = await show('/teams/acme');
    const warning = repositoryFact(page.container)!.querySelector<HTMLElement>('.notice-caution')!;
    expect(text(warning)).toContain('Sites of this project cannot edit the repository until the app is installed on it.');
    expect(buttons(warning, 'Install the GitHub App')).toEqual([]);
  });

  it('says the cloud has no GitHub App', async () => {
    serveTeam(teamAs('admin', 'acme/site'), { [`GET ${statusUrl}`]: { body: { repository: 'acme/site', app: 'none', installUrl: null } } });
    page = await show('/teams/acme');
    expect(text(repositoryFact(page.container)!)).toContain('This cloud has no GitHub App yet: its operator makes it with the link the cloud prints when it starts.');
  });

  it('asks for a repository when none is connected', async () => {
    serveTeam(teamAs('admin', null), { [`GET ${statusUrl}`]: { body: unconnected } });
    page = await show('/teams/acme');
    const fact = repositoryFact(page.container)!;
    expect(fact.querySelector('code')).toBeNull();
    expect(text(fact)).toContain('Connect a repository so that sites of this project can edit it.');
    expect(text(fact)).not.toContain('Leave it empty');
    expect(input(page.container, 'GitHub repository').value).toBe('');
  });

  it('says why the status could not be asked', async () => {
    serveTeam(teamAs('admin', 'acme/site'), { [`GET ${statusUrl}`]: refusal(403, 'Only admins and owners see this.') });
    page = await show('/teams/acme');
    const fact = repositoryFact(page.container)!;
    expect(fact.querySelector('[role="alert"]')!.textContent).toBe('Only admins and owners see this.');
    expect(fact.querySelector('code')!.textContent).toBe('acme/site');
  });

  it('connects a repository, reads out its status and shows the team again', async () => {
    const calls = serveTeam(teamAs('admin', null), {
      [`GET ${statusUrl}`]: { body: unconnected },
      [`PUT ${statusUrl}`]: { body: { repository: 'acme/site', app: 'missing', installUrl: 'https://github.com/apps/quire-cloud/installations/new' } },
    });
    page = await show('/teams/acme');
    const region = statusOf(page.container)!;
    type(page.container, 'GitHub repository', ' acme/site ');
    await press(page.container, 'Save');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([{ method: 'PUT', url: statusUrl, body: { repository: 'acme/site' } }]);
    // The same region, so that its new words are read out.
    expect(statusOf(page.container)).toBe(region);
    expect(region.querySelector('code')!.textContent).toBe('acme/site');
    expect(text(region)).toContain("The cloud's GitHub App is not installed on this repository");
    expect(buttons(region, 'Install the GitHub App')).toHaveLength(1);
    expect(input(page.container, 'GitHub repository').value).toBe('acme/site');
    expect(page.container.querySelector('.cloud-repository-form .cloud-status')!.textContent).toBe('Saved.');
    expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/teams/acme')).toHaveLength(2);
  });

  it('disconnects the repository when the field is emptied', async () => {
    const calls = serveTeam(teamAs('owner', 'acme/site'), {
      [`GET ${statusUrl}`]: { body: installed },
      [`PUT ${statusUrl}`]: { body: unconnected },
    });
    page = await show('/teams/acme');
    type(page.container, 'GitHub repository', '');
    await press(page.container, 'Save');
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', url: statusUrl, body: { repository: '' } });
    const region = statusOf(page.container)!;
    expect(region.querySelector('code')).toBeNull();
    expect(text(region)).toContain('Connect a repository so that sites of this project can edit it.');
  });

  it("says the cloud's refusal of a name in the field, and goes back to it", async () => {
    const message = '"acme" is not a repository such as owner/name.';
    const calls = serveTeam(teamAs('admin', null), {
      [`GET ${statusUrl}`]: { body: unconnected },
      [`PUT ${statusUrl}`]: { status: 400, body: { code: 'invalid', message } },
    });
    page = await show('/teams/acme');
    type(page.container, 'GitHub repository', 'acme');
    await press(page.container, 'Save');
    const field = input(page.container, 'GitHub repository');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = field.closest('.field')!.querySelector('.field-error')!;
    expect(error.textContent).toBe(message);
    expect(field.getAttribute('aria-describedby')!.split(' ')).toContain(error.id);
    expect(document.activeElement).toBe(field);
    expect(page.container.querySelector('.cloud-repository-form .cloud-status')!.textContent).toBe('');
    expect(text(statusOf(page.container)!)).toContain('Connect a repository');
    expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/teams/acme')).toHaveLength(1);
  });
});
