// @vitest-environment happy-dom
/**
 * The page that makes the cloud's GitHub App: with the console's link it gets a state and posts the
 * app's manifest to GitHub (a person's or an organization's page); a spent link says so; once the
 * cloud has its app, the page shows it and where to install it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusal, serve, show, text, type } from './testing';
import type { Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const FORM = { state: 'st4te', githubUrl: 'https://github.example', origin: 'https://cloud.example.com' };

function postedForm(container: HTMLElement) {
  const form = container.querySelector('form');
  if (form === null) throw new Error('no form');
  const manifest = form.querySelector<HTMLInputElement>('input[name="manifest"]');
  return { action: form.getAttribute('action'), method: form.getAttribute('method'), manifest: JSON.parse(manifest?.value ?? 'null') as Record<string, unknown> };
}

describe('the GitHub App page', () => {
  it("posts the app's manifest to GitHub with the link's state", async () => {
    const calls = serve({ 'GET /api/github-app': { body: { app: null } }, 'POST /api/github-app/state': { body: FORM } });
    page = await show('/github-app#l1nk');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'l1nk' });
    type(page.container, 'App name', 'Acme Cloud');
    const posted = postedForm(page.container);
    expect(posted.method).toBe('post');
    expect(posted.action).toBe('https://github.example/settings/apps/new?state=st4te');
    expect(posted.manifest).toEqual({
      name: 'Acme Cloud',
      url: 'https://cloud.example.com',
      public: false,
      redirect_url: 'https://cloud.example.com/github-app/created',
      default_permissions: { contents: 'write', metadata: 'read', pull_requests: 'read' },
    });
    type(page.container, 'GitHub organization', 'acme');
    expect(postedForm(page.container).action).toBe('https://github.example/organizations/acme/settings/apps/new?state=st4te');
  });

  it('says when the link is spent', async () => {
    serve({
      'GET /api/github-app': { body: { app: null } },
      'POST /api/github-app/state': refusal(403, 'This link has been used or is not one.'),
    });
    page = await show('/github-app#old');
    expect(text(page.container)).toContain('This link cannot make the app');
    expect(text(page.container)).toContain('This link has been used or is not one.');
    expect(page.container.querySelector('form')).toBeNull();
  });

  it('asks for the whole link when the token is missing', async () => {
    serve({ 'GET /api/github-app': { body: { app: null } } });
    page = await show('/github-app');
    expect(text(page.container)).toContain('This link is incomplete');
  });

  it('shows the app once the cloud has it, with its install link', async () => {
    const calls = serve({ 'GET /api/github-app': { body: { app: { slug: 'acme-cloud', installUrl: 'https://github.example/apps/acme-cloud/installations/new' } } } });
    page = await show('/github-app#l1nk');
    expect(text(page.container)).toContain('The cloud has its GitHub App');
    expect(text(page.container)).toContain('the GitHub App acme-cloud');
    const install = page.container.querySelector('a[href$="/installations/new"]');
    expect(install?.textContent).toContain('Install the GitHub App');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
