/**
 * Edit a singleton; its first save creates the file. Copy and paste work as for entries, and unsaved
 * values are kept as a draft.
 */
import { useCallback, useId, useMemo } from 'react';
import { useParams } from 'react-router';
import type { Singleton } from '../../api/config';
import { getDraft } from '../../drafts/draftStore';
import { entryTreeKey, restoreDraft } from '../../entry/draft';
import type { RestoredDraft } from '../../entry/draft';
import { defaultEntryState } from '../../entry/formState';
import { singletonPlace } from '../../entry/place';
import { singletonShape } from '../../entry/shape';
import { standaloneSlugRules } from '../../fields/kind';
import { ignoreFailure, preloadEditors } from '../../fields/content/Field';
import { t } from '../../lib/messages/format';
import { LoadingState } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { useScreenShown } from '../../lib/screenShown';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { useConfig } from '../data/ConfigProvider';
import { openEntry, reopenEntry } from '../data/loadEntry';
import type { EditorSnapshot } from '../data/loadEntry';
import { errorMessage, useAsync } from '../data/useAsync';
import { NotFound } from '../NotFound';
import { EntryPresence } from '../collab/EntryPresence';
import { useLiveEntry, useSharedEntry } from '../collab/useSharedEntry';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useModShortcut } from '../useShortcut';
import { previewHref } from './collectionEntry';
import { EntryActions } from './EntryActions';
import { EntryForm } from './EntryForm';
import { EntryNotice } from './EntryNotice';
import { FailureNotice } from './FailureNotice';
import { FrontmatterNotice } from './FrontmatterNotice';
import { SaveOnNewBranchDialog } from './SaveOnNewBranchDialog';
import { UnreadableEntry } from './UnreadableEntry';
import { useEntryClipboard } from './useEntryClipboard';
import { useEntryDraft } from './useEntryDraft';
import { useEntryEditor } from './useEntryEditor';

type SingletonProps = { singletonKey: string; singleton: Singleton };

export function SingletonScreen() {
  const { singleton: key = '' } = useParams();
  const singleton = useConfig().singletons[key];
  if (singleton === undefined) return <NotFound />;
  return <SingletonLoader key={key} singletonKey={key} singleton={singleton} />;
}

function SingletonLoader({ singletonKey, singleton }: SingletonProps) {
  const shape = useMemo(() => singletonShape(singleton), [singleton]);
  const branch = useCurrentBranch();
  const [opened] = useAsync(
    useCallback(async () => {
      const place = singletonPlace(singleton);
      const [entry, draft] = await Promise.all([
        openEntry(shape, place, { singleton: singletonKey }, branch),
        getDraft(['singleton', singletonKey]),
        preloadEditors(shape.schema).catch(ignoreFailure),
      ]);
      if (entry.kind === 'unreadable') return { entry, initial: null, restored: null };
      const initial: EditorSnapshot =
        entry.kind === 'ready'
          ? entry.snapshot
          : { state: defaultEntryState(shape), tree: entry.tree, head: entry.head, readAtOpen: new Set() };
      const treeKey = entryTreeKey(initial.tree, initial.readAtOpen);
      return { entry, initial, restored: draft === null ? null : restoreDraft(draft, shape, () => place, treeKey) };
    }, [shape, singleton, singletonKey, branch]),
  );
  useScreenShown(opened.kind !== 'loading');
  if (opened.kind === 'loaded' && opened.value.initial !== null) {
    return (
      <SingletonForm singletonKey={singletonKey} singleton={singleton} initial={opened.value.initial} restored={opened.value.restored} />
    );
  }
  return (
    <>
      <ScreenHeader title={singleton.label} />
      {opened.kind === 'loading' && <LoadingState label={t('entry.loading')} />}
      {opened.kind === 'error' && <EntryNotice tone="critical" title={errorMessage(opened.error)} />}
      {opened.kind === 'loaded' && opened.value.entry.kind === 'unreadable' && <UnreadableEntry problems={opened.value.entry.problems} />}
    </>
  );
}

type SingletonFormProps = SingletonProps & { initial: EditorSnapshot; restored: RestoredDraft | null };

function SingletonForm({ singletonKey, singleton, initial, restored }: SingletonFormProps) {
  const formId = useId();
  const branch = useCurrentBranch();
  const shape = useMemo(() => singletonShape(singleton), [singleton]);
  const placeFor = useCallback(() => singletonPlace(singleton), [singleton]);
  const editor = useEntryEditor({
    shape,
    placeFor,
    initial,
    initialState: restored?.state,
    branch,
    slugRules: standaloneSlugRules,
    formId,
    reopen: useCallback(
      () => reopenEntry(shape, singletonPlace(singleton), { singleton: singletonKey }, branch, defaultEntryState(shape)),
      [shape, singleton, singletonKey, branch],
    ),
  });
  // Whoever else has this singleton open edits it together with this form, once it exists.
  const shared = useSharedEntry(editor.exists);
  useLiveEntry(shared, editor);
  const draftKey = useMemo(() => ['singleton', singletonKey] as const, [singletonKey]);
  const beforeTreeKey = useMemo(() => entryTreeKey(editor.loaded.tree, editor.loaded.readAtOpen), [editor.loaded]);
  const clearDraft = useEntryDraft({ draftKey, editor, beforeTreeKey, restored });
  const clipboard = useEntryClipboard({ shape, location: placeFor().location, editor, adopt: (pasted) => pasted });
  const showToast = useToast();
  const save = async () => {
    if ((await editor.save()) !== null) {
      shared?.announceSaved();
      showToast(t('entry.saved'));
    }
  };
  useModShortcut('s', () => void save());
  return (
    <>
      <ScreenHeader
        title={singleton.label}
        actions={
          <>
          <EntryPresence />
          <EntryActions
            editor={editor}
            formId={formId}
            submitLabel={editor.exists ? t('entry.save') : t('entry.create')}
            requireChange={editor.exists}
            previewHref={previewHref(singleton.previewUrl, '', branch)}
            onCopy={() => void clipboard.copy()}
            onPaste={() => void clipboard.paste()}
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
          layout={singleton.entryLayout}
          editor={editor}
          isNew={!editor.exists}
          slugRules={standaloneSlugRules}
          onSubmit={() => void save()}
          shared={shared}
          draft={restored !== null}
        />
      </div>
      <SaveOnNewBranchDialog editor={editor} savedHref={(hrefs) => hrefs.singleton(singletonKey)} onSaved={clearDraft} />
    </>
  );
}
