/** What a picker says while it has nothing to show: still loading, failed, or no match. */
import { t } from '../lib/messages/format';
import type { ChoicesState } from './useChoices';

export function choicesEmptyText(choices: ChoicesState): string {
  if (isAsking(choices)) return t('choices.loading');
  if (choices.kind === 'error') return t('choices.failed', { message: choices.message });
  return t('choices.none');
}

/** The spinner's name while the choices are asked for, else null. */
export function choicesLoadingLabel(choices: ChoicesState): string | null {
  return isAsking(choices) ? t('choices.loading') : null;
}

function isAsking(choices: ChoicesState): boolean {
  return choices.kind === 'loading' || (choices.kind === 'loaded' && choices.searching === true);
}
