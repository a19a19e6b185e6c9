/**
 * Checks a new branch's full name (prefix included) with git's ref-name rules, answering the spec's
 * messages: the first broken start or end rule, else every forbidden sequence it contains, else a
 * plain "Invalid branch name" for the rarer rules (empty folders, control characters, `@`).
 */
import { formatList, t } from '../../lib/messages/format';

const invalidStart = ['.', '/'];
const invalidEnd = ['.', '/', '.lock'];
const invalidAnywhere = [' ', '~', '^', ':', '*', '?', '[', '..', '@{', '\\'];

/** The reason `name` cannot name a branch, or null when it can. */
export function branchNameError(name: string): string | null {
  for (const text of invalidStart) if (name.startsWith(text)) return t('branch.cannotStartWith', { text });
  for (const text of invalidEnd) if (name.endsWith(text)) return t('branch.cannotEndWith', { text });
  const found = invalidAnywhere.filter((text) => name.includes(text));
  if (found.length > 0) return t('branch.notAllowed', { list: formatList(found.map((text) => `"${text}"`)) });
  const folders = name.split('/');
  const isInvalid =
    name === '' ||
    name === '@' ||
    // Control characters: U+0000 to U+001F and DEL.
    [...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) ||
    folders.some((folder) => folder === '' || folder.startsWith('.') || folder.endsWith('.lock'));
  return isInvalid ? t('branch.invalid') : null;
}
