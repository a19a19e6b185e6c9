// @vitest-environment happy-dom
/**
 * The first owner's page: the token comes from the address's fragment, the team's slug follows its
 * name until it is typed, and the cloud's refusal is said on the page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { suggestSlug } from './Page';
import { input, press, refusal, serve, show, text, type } from './testing';
import type { Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('the suggested slug', () => {
  it('is the name in lowercase letters, digits and dashes', () => {
    expect(suggestSlug('Acme Publishing')).toBe('acme-publishing');
    expect(suggestSlug('  Ärzte & Co.  ')).toBe('aerzte-and-co');
    expect(suggestSlug('Team 42!')).toBe('team-42');
  });

  it('keeps capitals inside a word together', () => {
    expect(suggestSlug('McKinsey')).toBe('mckinsey');
  });

  it('is at most 40 characters and never starts or ends with a dash', () => {
    const slug = suggestSlug('The very long name of a team that goes on and on');
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toMatch(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/);
  });
});

function fill(container: HTMLElement) {
  type(container, 'Your name', 'Ada Lovelace');
  type(container, 'Email', 'ada@example.com');
  type(container, 'Password', 'analytical engine');
  type(container, 'Team name', 'Acme Publishing');
}

describe('the set-up page', () => {
  it('makes the first owner and team with the token, then shows the team', async () => {
    const calls = serve({ 'POST /api/setup': { body: { user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' } } } });
    page = await show('/setup#s3cr3t');
    fill(page.container);
    expect(input(page.container, 'Team slug').value).toBe('acme-publishing');
    await press(page.container, 'Create account and team');
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/setup',
      body: {
        token: 's3cr3t',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        password: 'analytical engine',
        teamSlug: 'acme-publishing',
        teamName: 'Acme Publishing',
      },
    });
    expect(page.location().pathname).toBe('/teams/acme-publishing');
  });

  it('keeps a slug typed by hand when the name changes', async () => {
    serve({});
    page = await show('/setup#s3cr3t');
    type(page.container, 'Team name', 'Acme');
    type(page.container, 'Team slug', 'acme-hq');
    type(page.container, 'Team name', 'Acme Publishing');
    expect(input(page.container, 'Team slug').value).toBe('acme-hq');
  });

  it("says the cloud's refusal", async () => {
    serve({ 'POST /api/setup': refusal(403, 'This set-up link has been used or is not one; the cloud has its owner.') });
    page = await show('/setup#used');
    fill(page.container);
    await press(page.container, 'Create account and team');
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
      'This set-up link has been used or is not one; the cloud has its owner.',
    );
    expect(page.location().pathname).toBe('/setup');
  });

  it('says so when the address lacks its token', async () => {
    serve({});
    page = await show('/setup');
    expect(text(page.container)).toContain('This set-up link is incomplete');
    expect(page.container.querySelector('form')).toBeNull();
  });
});
