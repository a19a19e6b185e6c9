/**
 * Create a collection entry, from the schema's defaults or as a duplicate of another
 * (`?duplicate={slug}`); on success go to it and say so. Unsaved values are kept as a draft.
 */
import { useCallback, useEffect, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { fetchSlugs } from '../../api/client';
import type { Collection } from '../../api/config';
import { getDraft } from '../../drafts/draftStore';
import type { DraftKey } from '../../drafts/storedDraft';
import { restoreDraft } from '../../entry/draft';
import type { RestoredDraft } from '../../entry/draft';
import { defaultEntryState, entrySlug, withSlug } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import type { TreeShas } from '../../entry/paths';
import { collectionPlace, collectionSlugRules } from '../../entry/place';
import { ignoreFailure, preloadEditors } from '../../fields/content/Field';
import { uniqueSlug } from '../../fields/slug/generate';
import { fixPath } from '../../lib/fixPath';
import { t } from '../../lib/messages/format';
import { Notice } from '../../ui/Notice';
import { LoadingState } from '../../ui/Spinner';
import { useScreenShown } from '../../lib/screenShown';
import { useToast } from '../../ui/Toast';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { useConfig } from '../data/ConfigProvider';
import { openEntry, openTemplate } from '../data/loadEntry';
import { slugsStartingWith, TAKEN_LIMIT, useTakenSlugs } from '../data/useTakenSlugs';
import type { EditorSnapshot, OpenedEntry } from '../data/loadEntry';
import { errorMessage, useAsync } from '../data/useAsync';
import { useHrefs } from '../hrefs';
import { NotFound } from '../NotFound';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useModShortcut } from '../useShortcut';
import { useCollectionEntry } from './collectionEntry';
import { EntryActions } from './EntryActions';
import { EntryBreadcrumbs } from './EntryBreadcrumbs';
import { EntryForm } from './EntryForm';
import { EntryNotice } from './EntryNotice';
import { FailureNotice } from './FailureNotice';
import { SaveOnNewBranchDialog } from './SaveOnNewBranchDialog';
import { UnreadableEntry } from './UnreadableEntry';
import { useEntryClipboard } from './useEntryClipboard';
import { useEntryDraft } from './useEntryDraft';
import { useEntryEditor } from './useEntryEditor';

type CreateProps = { collectionKey: string; collection: Collection };

/** What a create form starts from: the site's tree, and values other than the defaults if any. */
type CreateStart =
  | {
      kind: 'ready';
      snapshot: EditorSnapshot;
      duplicated: EntryState | null;
      restored: RestoredDraft | null;
      taken: readonly string[];
      /** Why the collection's template was not used (missing, unreadable); the form starts from the defaults then. */
      templateProblem: string | null;
    }
  /** The entry to duplicate cannot be read. */
  | { kind: 'failed'; original: Exclude<OpenedEntry, { kind: 'ready' }> };

export function CreateEntryScreen() {
  const { collection: key = '' } = useParams();
  const [params] = useSearchParams();
  const collection = useConfig().collections[key];
  if (collection === undefined) return <NotFound />;
  const duplicate = params.get('duplicate');
  return (
    <CreateEntry key={`${key}?${duplicate ?? ''}`} collectionKey={key} collection={collection} duplicate={duplicate} />
  );
}

function CreateEntry({ collectionKey, collection, duplicate }: CreateProps & { duplicate: string | null }) {
  const { shape, layout } = useCollectionEntry(collection);
  const branch = useCurrentBranch();
  const draftKey: DraftKey = useMemo(
    () => (duplicate === null ? ['collection-create', collectionKey] : ['collection-create', collectionKey, duplicate]),
    [collectionKey, duplicate],
  );
  const [start] = useAsync(
    useCallback(async (): Promise<CreateStart> => {
      const draft = getDraft(draftKey);
      // The commit a new entry's files are expected to be absent at; for a duplicate, the slugs
      // that begin with its original's, to take the first free one after it.
      const taken = fetchSlugs(collectionKey, branch, { prefix: duplicate ?? '', limit: duplicate === null ? 0 : TAKEN_LIMIT });
      const editors = preloadEditors(shape.schema).catch(ignoreFailure);
      let head = (await taken).head;
      let duplicated: EntryState | null = null;
      let templateProblem: string | null = null;
      let tree: TreeShas = new Map();
      if (duplicate === null && collection.template !== null) {
        const path = fixPath(collection.template);
        const template = await openTemplate(shape, { dir: path, location: layout.location }, branch);
        if (template.kind === 'ready') duplicated = template.snapshot.state;
        else templateProblem = t(template.kind === 'missing' ? 'template.missing' : 'template.unreadable', { path });
      }
      if (duplicate !== null) {
        const original = await openEntry(shape, collectionPlace(layout, duplicate), { collection: collectionKey, slug: duplicate }, branch);
        if (original.kind !== 'ready') return { kind: 'failed', original };
        ({ tree, head } = original.snapshot);
        // A duplicate takes the first free slug after its original's.
        duplicated = withSlug(shape, original.snapshot.state, uniqueSlug(duplicate, new Set((await taken).slugs)));
      }
      const stored = await draft;
      await editors;
      const restored = stored === null ? null : restoreDraft(stored, shape, (slug) => collectionPlace(layout, slug), null);
      const snapshot = { state: defaultEntryState(shape), tree, head, readAtOpen: new Set<string>() };
      return { kind: 'ready', snapshot, duplicated, restored, taken: (await taken).slugs, templateProblem };
    }, [shape, layout, collection.template, collectionKey, duplicate, branch, draftKey]),
  );
  useScreenShown(start.kind !== 'loading');
  if (start.kind === 'loaded' && start.value.kind === 'ready') {
    return <CreateEntryForm collectionKey={collectionKey} collection={collection} start={start.value} draftKey={draftKey} />;
  }
  const failed = start.kind === 'loaded' && start.value.kind === 'failed' ? start.value.original : null;
  return (
    <>
      <CreateHeader collectionKey={collectionKey} collection={collection} />
      {start.kind === 'loading' && <LoadingState label={t('entry.loading')} />}
      {start.kind === 'error' && <EntryNotice tone="critical" title={errorMessage(start.error)} />}
      {failed?.kind === 'missing' && (
        <EntryNotice tone="caution" title={t('entry.notFound')} message={t('entry.dataFileMissing', { path: failed.dataPath })} />
      )}
      {failed?.kind === 'unreadable' && <UnreadableEntry problems={failed.problems} />}
    </>
  );
}

type CreateFormProps = CreateProps & { start: Extract<CreateStart, { kind: 'ready' }>; draftKey: DraftKey };

function CreateEntryForm({ collectionKey, collection, start, draftKey }: CreateFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const showToast = useToast();
  const branch = useCurrentBranch();
  const hrefs = useHrefs();
  const { shape, layout, placeFor } = useCollectionEntry(collection);
  const { snapshot, duplicated, restored } = start;
  const [taken, lookUpSlug] = useTakenSlugs(collectionKey, branch, start.taken);
  const slugRules = useMemo(() => collectionSlugRules(collection, taken, null), [collection, taken]);
  const initialState = restored?.state ?? duplicated ?? undefined;
  const editor = useEntryEditor({ shape, placeFor, initial: snapshot, initialState, branch, slugRules, formId });
  const slug = entrySlug(shape, editor.state);
  useEffect(() => lookUpSlug(slug), [slug, lookUpSlug]);
  const clearDraft = useEntryDraft({ draftKey, editor, slug, restored });
  const clipboard = useEntryClipboard({
    shape,
    location: layout.location,
    editor,
    // A pasted entry is a new one: it takes the first free slug after the one it came with.
    adopt: async (pasted) => {
      const slug = entrySlug(shape, pasted);
      // Unknown when the server cannot say: the slug field then says so, and the server refuses to write over it.
      const found = await slugsStartingWith(collectionKey, branch, slug).catch(() => []);
      return withSlug(shape, pasted, uniqueSlug(slug, new Set([...slugRules.slugs, ...found])));
    },
  });

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
        actions={
          <EntryActions
            editor={editor}
            formId={formId}
            submitLabel={t('entry.create')}
            requireChange={false}
            onCopy={() => void clipboard.copy()}
            onPaste={() => void clipboard.paste()}
          />
        }
      />
      <div className="entry-body">
        {start.templateProblem !== null && <Notice tone="caution" title={start.templateProblem} />}
        <FailureNotice editor={editor} />
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
      windowTitle={`${t('entry.add')} – ${collection.label}`}
      actions={actions}
    />
  );
}
