/** Create a collection entry; on success go to it and say so. Unsaved values are kept as a draft. */
import { useCallback, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Collection } from '../../api/config';
import { getDraft } from '../../drafts/draftStore';
import { defaultEntryState, entrySlug } from '../../fields/entry';
import { collectionPlace } from '../../fields/entryLocation';
import { t } from '../../lib/messages/format';
import { LoadingState } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { useConfig } from '../data/ConfigProvider';
import { loadTree } from '../data/entryFiles';
import type { LoadedTree } from '../data/entryFiles';
import { errorMessage, useAsync } from '../data/useAsync';
import { useHrefs } from '../hrefs';
import { NotFound } from '../NotFound';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useModShortcut } from '../useShortcut';
import { collectionSlugRules, useCollectionEntry } from './collectionEntry';
import { EntryActions } from './EntryActions';
import { EntryBreadcrumbs } from './EntryBreadcrumbs';
import { restoreDraft } from './entryDraft';
import type { RestoredDraft } from './entryDraft';
import { EntryForm } from './EntryForm';
import { EntryNotice } from './EntryNotice';
import { FailureNotice } from './FailureNotice';
import { SaveOnNewBranchDialog } from './SaveOnNewBranchDialog';
import { useEntryDraft } from './useEntryDraft';
import { useEntryEditor } from './useEntryEditor';

type CreateProps = { collectionKey: string; collection: Collection };

export function CreateEntryScreen() {
  const { collection: key = '' } = useParams();
  const collection = useConfig().collections[key];
  if (collection === undefined) return <NotFound />;
  return <CreateEntry key={key} collectionKey={key} collection={collection} />;
}

/** What a create form starts from: the site's tree, and a restored draft if any. */
type CreateStart = { loaded: LoadedTree; restored: RestoredDraft | null };

function CreateEntry({ collectionKey, collection }: CreateProps) {
  const { shape, layout } = useCollectionEntry(collection);
  const branch = useCurrentBranch();
  const [start] = useAsync(
    useCallback(async (): Promise<CreateStart> => {
      // The tree gives the slugs already taken and the SHA-1s the commit must expect.
      const [loaded, draft] = await Promise.all([loadTree(branch), getDraft(['collection-create', collectionKey])]);
      const restored = draft === null ? null : restoreDraft(draft, shape, (slug) => collectionPlace(layout, slug), null);
      return { loaded, restored };
    }, [shape, layout, collectionKey, branch]),
  );
  if (start.kind === 'loaded') return <CreateEntryForm collectionKey={collectionKey} collection={collection} start={start.value} />;
  return (
    <>
      <CreateHeader collectionKey={collectionKey} collection={collection} />
      {start.kind === 'loading' && <LoadingState label={t('entry.loading')} />}
      {start.kind === 'error' && <EntryNotice tone="critical" title={errorMessage(start.error)} />}
    </>
  );
}

function CreateEntryForm({ collectionKey, collection, start }: CreateProps & { start: CreateStart }) {
  const formId = useId();
  const navigate = useNavigate();
  const showToast = useToast();
  const branch = useCurrentBranch();
  const hrefs = useHrefs();
  const { shape, placeFor } = useCollectionEntry(collection);
  const { loaded, restored } = start;
  const slugRules = useMemo(() => collectionSlugRules(collection, loaded.tree, null), [collection, loaded.tree]);
  const initial = useMemo(
    () => ({ state: defaultEntryState(shape), tree: loaded.tree, head: loaded.head, readAtOpen: new Set<string>() }),
    [shape, loaded],
  );
  const editor = useEntryEditor({ shape, placeFor, initial, initialState: restored?.state, branch, slugRules, formId });
  const draftKey = useMemo(() => ['collection-create', collectionKey] as const, [collectionKey]);
  const clearDraft = useEntryDraft({ draftKey, editor, slug: entrySlug(shape, editor.state), restored });

  const create = async () => {
    const saved = await editor.save();
    if (saved === null) return;
    await clearDraft();
    showToast(t('entry.created'));
    navigate(hrefs.entry(collectionKey, entrySlug(shape, saved)));
  };
  useModShortcut('s', () => void create());

  return (
    <>
      <CreateHeader
        collectionKey={collectionKey}
        collection={collection}
        actions={<EntryActions editor={editor} formId={formId} submitLabel={t('entry.create')} requireChange={false} />}
      />
      <div className="entry-body">
        {editor.failure && <FailureNotice action={editor.failure.action} error={editor.failure.error} />}
        <EntryForm
          id={formId}
          shape={shape}
          layout={collection.entryLayout}
          editor={editor}
          isNew
          slugRules={slugRules}
          onSubmit={() => void create()}
        />
      </div>
      <SaveOnNewBranchDialog
        editor={editor}
        savedHref={(branchRoutes, saved) => branchRoutes.entry(collectionKey, entrySlug(shape, saved))}
        onSaved={clearDraft}
      />
    </>
  );
}

function CreateHeader({ collectionKey, collection, actions }: CreateProps & { actions?: ReactNode }) {
  const hrefs = useHrefs();
  return (
    <ScreenHeader
      title={
        <EntryBreadcrumbs parent={collection.label} parentHref={hrefs.collection(collectionKey)} current={t('entry.add')} />
      }
      actions={actions}
    />
  );
}
