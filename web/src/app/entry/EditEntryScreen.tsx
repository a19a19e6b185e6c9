/**
 * Edit a collection entry: save (renaming moves its files), reset, delete, copy, paste, duplicate,
 * preview. Unsaved values are kept as a draft and restored on the next visit.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Collection } from '../../api/config';
import { getDraft } from '../../drafts/draftStore';
import { entryTreeKey, restoreDraft } from '../../entry/draft';
import type { RestoredDraft } from '../../entry/draft';
import { entrySlug, withSlug } from '../../entry/formState';
import { collectionPlace, collectionSlugRules } from '../../entry/place';
import { ignoreFailure, preloadEditors } from '../../fields/content/Field';
import { t } from '../../lib/messages/format';
import { AlertDialog } from '../../ui/AlertDialog';
import { LoadingState } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { useScreenShown } from '../../lib/screenShown';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { useConfig } from '../data/ConfigProvider';
import { openEntry, reopenEntry } from '../data/loadEntry';
import type { EditorSnapshot } from '../data/loadEntry';
import { errorMessage, useAsync } from '../data/useAsync';
import { useTakenSlugs } from '../data/useTakenSlugs';
import { useHrefs } from '../hrefs';
import { NotFound } from '../NotFound';
import { EntryPresence } from '../collab/EntryPresence';
import { useLiveEntry, useSharedEntry } from '../collab/useSharedEntry';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useModShortcut } from '../useShortcut';
import { previewHref, useCollectionEntry } from './collectionEntry';
import { EntryActions } from './EntryActions';
import { EntryBreadcrumbs } from './EntryBreadcrumbs';
import { EntryForm } from './EntryForm';
import { EntryNotice } from './EntryNotice';
import { FailureNotice } from './FailureNotice';
import { FrontmatterNotice } from './FrontmatterNotice';
import { SaveOnNewBranchDialog } from './SaveOnNewBranchDialog';
import { UnreadableEntry } from './UnreadableEntry';
import { useEntryClipboard } from './useEntryClipboard';
import { useEntryDraft } from './useEntryDraft';
import { useEntryEditor } from './useEntryEditor';

type EntryProps = { collectionKey: string; collection: Collection; slug: string };

export function EditEntryScreen() {
  const { collection: key = '', '*': slug = '' } = useParams();
  const collection = useConfig().collections[key];
  if (collection === undefined) return <NotFound />;
  // Each entry gets a fresh screen, also after a rename replaced the URL.
  return <EditEntry key={`${key}/${slug}`} collectionKey={key} collection={collection} slug={slug} />;
}

function EditEntry({ collectionKey, collection, slug }: EntryProps) {
  const { shape, layout } = useCollectionEntry(collection);
  const branch = useCurrentBranch();
  const hrefs = useHrefs();
  const [opened] = useAsync(
    useCallback(async () => {
      // The editor's code loads meanwhile, so that the form shows whole.
      const [entry, draft] = await Promise.all([
        openEntry(shape, collectionPlace(layout, slug), { collection: collectionKey, slug }, branch),
        getDraft(['collection', collectionKey, slug]),
        preloadEditors(shape.schema).catch(ignoreFailure),
      ]);
      if (entry.kind !== 'ready' || draft === null) return { entry, restored: null };
      const treeKey = entryTreeKey(entry.snapshot.tree, entry.snapshot.readAtOpen);
      return { entry, restored: restoreDraft(draft, shape, (draftSlug) => collectionPlace(layout, draftSlug), treeKey) };
    }, [shape, layout, slug, branch, collectionKey]),
  );
  useScreenShown(opened.kind !== 'loading');
  const header = (
    <ScreenHeader
      title={<EntryBreadcrumbs parent={collection.label} parentHref={hrefs.collection(collectionKey)} current={slug} />}
      windowTitle={`${slug} – ${collection.label}`}
    />
  );
  if (opened.kind === 'loaded' && opened.value.entry.kind === 'ready') {
    return (
      <EditEntryForm
        collectionKey={collectionKey}
        collection={collection}
        slug={slug}
        initial={opened.value.entry.snapshot}
        restored={opened.value.restored}
      />
    );
  }
  const entry = opened.kind === 'loaded' ? opened.value.entry : null;
  return (
    <>
      {header}
      {opened.kind === 'loading' && <LoadingState label={t('entry.loading')} />}
      {opened.kind === 'error' && <EntryNotice tone="critical" title={errorMessage(opened.error)} />}
      {entry?.kind === 'missing' && (
        <EntryNotice tone="caution" title={t('entry.notFound')} message={t('entry.dataFileMissing', { path: entry.dataPath })} />
      )}
      {entry?.kind === 'unreadable' && <UnreadableEntry problems={entry.problems} />}
    </>
  );
}

type EditEntryFormProps = EntryProps & { initial: EditorSnapshot; restored: RestoredDraft | null };

function EditEntryForm({ collectionKey, collection, slug, initial, restored }: EditEntryFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const branch = useCurrentBranch();
  const hrefs = useHrefs();
  const { shape, layout, placeFor } = useCollectionEntry(collection);
  const showToast = useToast();
  const [taken, lookUpSlug] = useTakenSlugs(collectionKey, branch);
  const slugRules = useMemo(() => collectionSlugRules(collection, taken, slug), [collection, taken, slug]);
  const reopen = useCallback(
    () => reopenEntry(shape, collectionPlace(layout, slug), { collection: collectionKey, slug }, branch),
    [shape, layout, slug, collectionKey, branch],
  );
  const editor = useEntryEditor({ shape, placeFor, initial, initialState: restored?.state, branch, slugRules, formId, reopen });
  // Whoever else has this entry open edits it together with this form.
  const shared = useSharedEntry(true);
  useLiveEntry(shared, editor);
  const currentSlug = entrySlug(shape, editor.state);
  // The entry's own slug is free to it: only a new one is looked up.
  useEffect(() => (currentSlug === slug ? undefined : lookUpSlug(currentSlug)), [currentSlug, slug, lookUpSlug]);
  const [dialog, setDialog] = useState<'delete' | 'duplicate' | null>(null);
  const draftKey = useMemo(() => ['collection', collectionKey, slug] as const, [collectionKey, slug]);
  const beforeTreeKey = useMemo(() => entryTreeKey(editor.loaded.tree, editor.loaded.readAtOpen), [editor.loaded]);
  const clearDraft = useEntryDraft({ draftKey, editor, slug: currentSlug, beforeTreeKey, restored });
  const clipboard = useEntryClipboard({
    shape,
    location: layout.location,
    editor,
    // A pasted entry keeps this entry's slug: pasting never renames behind the editor's back.
    adopt: (pasted) => withSlug(shape, pasted, entrySlug(shape, editor.state)),
  });

  /** Saves; answers the saved slug, or null when nothing was saved. */
  const save = async (): Promise<string | null> => {
    const saved = await editor.save();
    if (saved === null) return null;
    shared?.announceSaved();
    showToast(t('entry.saved'));
    const newSlug = entrySlug(shape, saved);
    if (newSlug !== slug) {
      await clearDraft();
      navigate(hrefs.entry(collectionKey, newSlug), { replace: true });
    }
    return newSlug;
  };
  const remove = async () => {
    if (await editor.remove()) {
      await clearDraft();
      showToast(t('entry.deleted'));
      navigate(hrefs.collection(collectionKey));
    } else setDialog(null);
  };
  const duplicate = async () => {
    const saved = editor.isDirty ? await save() : slug;
    setDialog(null);
    if (saved !== null) navigate(hrefs.createEntry(collectionKey, saved));
  };
  useModShortcut('s', () => void save());

  return (
    <>
      <ScreenHeader
        title={<EntryBreadcrumbs parent={collection.label} parentHref={hrefs.collection(collectionKey)} current={slug} />}
        windowTitle={`${slug} – ${collection.label}`}
        actions={
          <>
          <EntryPresence />
          <EntryActions
            editor={editor}
            formId={formId}
            submitLabel={t('entry.save')}
            requireChange
            previewHref={previewHref(collection.previewUrl, slug, branch)}
            onDelete={() => setDialog('delete')}
            onCopy={() => void clipboard.copy()}
            onPaste={() => void clipboard.paste()}
            onDuplicate={() => (editor.isDirty ? setDialog('duplicate') : void duplicate())}
          />
          </>
        }
      />
      <div className="entry-body">
        <FailureNotice editor={editor} />
        <FrontmatterNotice editor={editor} />
        <EntryForm
          id={formId}
          shape={shape}
          layout={collection.entryLayout}
          editor={editor}
          isNew={false}
          slugRules={slugRules}
          onSubmit={() => void save()}
          shared={shared}
          draft={restored !== null}
        />
      </div>
      <AlertDialog
        isOpen={dialog === 'delete'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'delete' : null)}
        title={t('delete.title')}
        message={t('delete.message')}
        items={[slug]}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        onConfirm={() => void remove()}
        isPending={editor.pending === 'delete'}
      />
      <AlertDialog
        isOpen={dialog === 'duplicate'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'duplicate' : null)}
        title={t('duplicate.title')}
        message={t('duplicate.message')}
        cancelLabel={t('duplicate.cancel')}
        confirmLabel={t('duplicate.confirm')}
        confirmTone="primary"
        onConfirm={() => void duplicate()}
        isPending={editor.pending === 'save'}
      />
      <SaveOnNewBranchDialog
        editor={editor}
        savedHref={(branchRoutes, saved) => branchRoutes.entry(collectionKey, entrySlug(shape, saved))}
        onSaved={clearDraft}
      />
    </>
  );
}
