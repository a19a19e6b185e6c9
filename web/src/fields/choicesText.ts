/** What a picker's list says when it shows nothing: still loading, failed, or no match. */
import { t } from '../lib/messages/format';
import type { ChoicesState } from './useChoices';

export function choicesEmptyText(choices: ChoicesState): string {
  if (choices.kind === 'loading' || (choices.kind === 'loaded' && choices.searching === true)) return t('choices.loading');
  if (choices.kind === 'error') return t('choices.failed', { message: choices.message });
  return t('choices.none');
}
