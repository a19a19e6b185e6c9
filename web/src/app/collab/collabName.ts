/**
 * The name a person shows to collaborators where the server does not know them (local and git
 * storage), and with git storage the email that, with the name, authors their commits: chosen
 * once, kept in this browser.
 */
import type { CommitAuthor } from '../../api/wire';
import { t } from '../../lib/messages/format';

const KEY = 'quire-collab-name';
const EMAIL_KEY = 'quire-author-email';

export function readCollabName(): string {
  return storedCollabName().trim() || t('collab.anonymous');
}

/** The name as stored (empty when none was chosen). */
export function storedCollabName(): string {
  return stored(KEY);
}

export function storeCollabName(name: string): void {
  store(KEY, name);
}

/** The email as stored (empty when none was given). */
export function storedAuthorEmail(): string {
  return stored(EMAIL_KEY);
}

export function storeAuthorEmail(email: string): void {
  store(EMAIL_KEY, email);
}

/** Whether `email` can author a commit: the server's rule (something@something, no spaces or angle brackets). */
export function isAuthorEmail(email: string): boolean {
  return /^[^\s<>@]+@[^\s<>]+$/.test(email.trim());
}

/** The commit author this browser's person gave: both a name and an email, or none. */
export function commitAuthor(): CommitAuthor | null {
  const name = storedCollabName().trim();
  const email = storedAuthorEmail().trim();
  return name && isAuthorEmail(email) ? { name, email } : null;
}

/** What this browser keeps under `key`; empty when nothing, or when storage is refused. */
function stored(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function store(key: string, value: string): void {
  try {
    if (value.trim()) localStorage.setItem(key, value.trim());
    else localStorage.removeItem(key);
  } catch {
    // Private windows may refuse: the value lasts until the page closes.
  }
}
