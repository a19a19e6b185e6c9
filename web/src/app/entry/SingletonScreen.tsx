/** Edit a singleton; its first save creates the file. */
import { useCallback, useId, useMemo } from 'react';
import { useParams } from 'react-router';
import type { Singleton } from '../../api/config';
import { defaultEntryState } from '../../fields/entry';
import { singletonPlace, singletonShape } from '../../fields/entryLocation';
import { standaloneSlugRules } from '../../fields/kind';
import { t } from '../../lib/messages/format';
import { LoadingState } from '../../ui/Spinner';
import { useConfig } from '../data/ConfigProvider';
import { openEntry } from '../data/loadEntry';
import type { EditorSnapshot } from '../data/loadEntry';
import { errorMessage, useAsync } from '../data/useAsync';
import { NotFound } from '../NotFound';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useModShortcut } from '../useShortcut';
import { previewHref } from './collectionEntry';
import { EntryActions } from './EntryActions';
import { EntryForm } from './EntryForm';
import { EntryNotice } from './EntryNotice';
import { FailureNotice } from './FailureNotice';
import { UnreadableEntry } from './UnreadableEntry';
import { useEntryEditor } from './useEntryEditor';

export function SingletonScreen() {
  const { singleton: key = '' } = useParams();
  const singleton = useConfig().singletons[key];
  if (singleton === undefined) return <NotFound />;
  return <SingletonLoader key={key} singleton={singleton} />;
}

function SingletonLoader({ singleton }: { singleton: Singleton }) {
  const shape = useMemo(() => singletonShape(singleton), [singleton]);
  const [opened] = useAsync(useCallback(() => openEntry(shape, singletonPlace(singleton), ''), [shape, singleton]));
  if (opened.kind === 'loaded' && opened.value.kind !== 'unreadable') {
    const entry = opened.value;
    const initial: EditorSnapshot =
      entry.kind === 'ready' ? entry.snapshot : { state: defaultEntryState(shape), tree: entry.tree, readAtOpen: new Set() };
    return <SingletonForm singleton={singleton} initial={initial} />;
  }
  return (
    <>
      <ScreenHeader title={singleton.label} />
      {opened.kind === 'loading' && <LoadingState label={t('entry.loading')} />}
      {opened.kind === 'error' && <EntryNotice tone="critical" title={errorMessage(opened.error)} />}
      {opened.kind === 'loaded' && opened.value.kind === 'unreadable' && <UnreadableEntry problems={opened.value.problems} />}
    </>
  );
}

function SingletonForm({ singleton, initial }: { singleton: Singleton; initial: EditorSnapshot }) {
  const formId = useId();
  const shape = useMemo(() => singletonShape(singleton), [singleton]);
  const placeFor = useCallback(() => singletonPlace(singleton), [singleton]);
  const editor = useEntryEditor({ shape, placeFor, initial, slugRules: standaloneSlugRules, formId });
  useModShortcut('s', () => void editor.save());
  return (
    <>
      <ScreenHeader
        title={singleton.label}
        actions={
          <EntryActions
            editor={editor}
            formId={formId}
            submitLabel={editor.exists ? t('entry.save') : t('entry.create')}
            requireChange={editor.exists}
            previewHref={previewHref(singleton.previewUrl, '')}
          />
        }
      />
      <div className="entry-body">
        {editor.failure && <FailureNotice action={editor.failure.action} error={editor.failure.error} />}
        <EntryForm
          id={formId}
          shape={shape}
          layout={singleton.entryLayout}
          editor={editor}
          isNew={!editor.exists}
          slugRules={standaloneSlugRules}
          onSubmit={() => void editor.save()}
        />
      </div>
    </>
  );
}
