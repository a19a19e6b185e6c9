/**
 * The name a person shows to collaborators where the server does not know them (local and git
 * storage): chosen once, kept in this browser.
 */
import { t } from '../../lib/messages/format';

const KEY = 'quire-collab-name';

export function readCollabName(): string {
  try {
    return localStorage.getItem(KEY)?.trim() || t('collab.anonymous');
  } catch {
    return t('collab.anonymous');
  }
}

/** The name as stored (empty when none was chosen). */
export function storedCollabName(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeCollabName(name: string): void {
  try {
    if (name.trim()) localStorage.setItem(KEY, name.trim());
    else localStorage.removeItem(KEY);
  } catch {
    // Private windows may refuse: the name lasts until the page closes.
  }
}
