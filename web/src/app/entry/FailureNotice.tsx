/** Says why a save or delete failed, above the form: conflicts and refused content name their files. */
import { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { Notice } from '../../ui/Notice';
import { errorMessage } from '../data/useAsync';
import type { EditorAction } from './useEntryEditor';

export function FailureNotice({ action, error }: { action: EditorAction; error: unknown }) {
  const { title, items } = describe(action, error);
  return (
    <Notice tone="critical" title={title}>
      {items.length > 0 && (
        <ul className="problem-list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

function describe(action: EditorAction, error: unknown): { title: string; items: string[] } {
  const failed = (message: string) => t(action === 'save' ? 'save.failed' : 'delete.failed', { message });
  if (!(error instanceof ApiError)) return { title: failed(errorMessage(error)), items: [] };
  switch (error.code) {
    case 'conflict':
      return { title: t('save.conflict'), items: error.detailList('paths') };
    case 'invalid_content':
      return { title: t('save.invalid'), items: error.detailList('problems') };
    case 'path_not_allowed':
    case 'forbidden':
      return { title: t('save.forbidden'), items: [error.message, ...error.detailList('paths')] };
    case 'network':
      return { title: failed(t('error.network')), items: [] };
    default:
      return { title: failed(error.message), items: [] };
  }
}
