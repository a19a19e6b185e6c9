import { describe, expect, it } from 'vitest';
import { newAppUrl } from '../../lib/githubApp';
import { appManifest } from './SetupScreen';

describe('the GitHub App the setup asks for', () => {
  it('comes back to this admin and may do only what Quire needs', () => {
    const manifest = appManifest('Blog Quire', 'https://cms.example.com');
    expect(manifest.redirect_url).toBe('https://cms.example.com/api/keystatic/github/created-app');
    expect(manifest.callback_urls).toEqual(['https://cms.example.com/api/keystatic/github/oauth/callback']);
    expect(manifest.default_permissions).toEqual({ contents: 'write', metadata: 'read', pull_requests: 'read' });
  });

  it("is created on a person's or an organization's page, with the state", () => {
    expect(newAppUrl('https://github.com', '', 'ab12')).toBe('https://github.com/settings/apps/new?state=ab12');
    expect(newAppUrl('https://github.com', ' acme ', 'ab12')).toBe(
      'https://github.com/organizations/acme/settings/apps/new?state=ab12',
    );
  });
});
