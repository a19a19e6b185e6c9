/**
 * GitHub's manifest flow, shared by the admin's setup (a site's GitHub App) and Quire Cloud's (the
 * cloud's): what the app may do, and GitHub's page that makes an app from a manifest posted to it.
 */

/** What Quire needs of a repository: its contents, read and written; its metadata and pull requests, read. */
export const APP_PERMISSIONS = { contents: 'write', metadata: 'read', pull_requests: 'read' } as const;

/** GitHub's page that creates an app from a manifest, for a person or for an organization. */
export function newAppUrl(githubUrl: string, organization: string, state: string): string {
  const owner = organization.trim();
  const page = owner === '' ? '/settings/apps/new' : `/organizations/${encodeURIComponent(owner)}/settings/apps/new`;
  return `${githubUrl}${page}?state=${encodeURIComponent(state)}`;
}
