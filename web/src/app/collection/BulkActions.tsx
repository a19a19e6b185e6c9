/**
 * The action bar over a list with rows selected (spec: open while the count is not zero; the
 * selection is 'all' or a number): how many, Clear selection, and Delete, which asks once and
 * deletes every selected entry in one commit.
 */
import { Suspense, useState } from 'react';
import { fetchEntries } from '../../api/client';
import type { Collection } from '../../api/config';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { lazyComponent } from '../../ui/lazyComponent';
import { useToast } from '../../ui/Toast';
import { errorMessage } from '../data/useAsync';
import { useSummary } from '../data/SummaryProvider';
import type { RowSelection } from './rowSelection';

// The confirmation's code comes when it opens: the list itself does without it.
const AlertDialog = lazyComponent(async () => (await import('../../ui/AlertDialog')).AlertDialog);

type BulkActionsProps = {
  collectionKey: string;
  collection: Collection;
  branch: string | null;
  /** The search the rows were found by: 'all' means every row it finds. */
  search: string;
  selection: RowSelection;
  /** How many rows the search finds. */
  total: number;
  onClear(): void;
  /** After a deletion: the list reads its rows again. */
  onDeleted(): void;
};

export function BulkActions({ collectionKey, collection, branch, search, selection, total, onClear, onDeleted }: BulkActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const showToast = useToast();
  const summary = useSummary();
  const count = selection === 'all' ? total : selection.size;
  if (count === 0) return null;

  const remove = async () => {
    setPending(true);
    try {
      const slugs =
        selection === 'all'
          ? (await fetchEntries(collectionKey, branch, { search })).entries.map((entry) => entry.slug)
          : [...selection];
      // Reading entries takes the entry machinery, which the list itself does not load.
      const { deleteEntries } = await import('./bulkDelete');
      const response = await deleteEntries(collection, slugs, branch);
      for (const warning of response.warnings) showToast(warning.message, { tone: 'caution' });
      showToast(t('bulk.deleted', { count: slugs.length }));
      onClear();
      onDeleted();
      summary.refresh();
    } catch (error) {
      showToast(t('delete.failed', { message: errorMessage(error) }), { tone: 'critical' });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.label')}>
      <span className="bulk-count">{selection === 'all' ? t('bulk.all', { count }) : t('bulk.selected', { count })}</span>
      <Button onPress={onClear}>{t('bulk.clear')}</Button>
      <Button tone="critical" onPress={() => setConfirming(true)}>
        {t('bulk.delete')}
      </Button>
      <Suspense fallback={null}>
        {confirming && (
          <AlertDialog
            isOpen
            onOpenChange={(isOpen) => !pending && setConfirming(isOpen)}
            title={t('bulk.deleteTitle')}
            message={t('bulk.deleteMessage', { count })}
            items={selection === 'all' ? [] : [...selection]}
            cancelLabel={t('delete.cancel')}
            confirmLabel={t('delete.confirm')}
            onConfirm={() => void remove()}
            isPending={pending}
          />
        )}
      </Suspense>
    </div>
  );
}
