/**
 * Keeps a form's unsaved values as a draft in the browser while they differ from the entry's, and
 * removes it once they do not; tells, for 8 seconds, that a draft was restored and whether the entry
 * changed since.
 */
import { useCallback, useEffect, useRef } from 'react';
import { deleteDraft, setDraft } from '../../drafts/draftStore';
import type { DraftKey } from '../../drafts/storedDraft';
import { draftRecord } from '../../entry/draft';
import type { RestoredDraft } from '../../entry/draft';
import { formatTimeAgo, t } from '../../lib/messages/format';
import { useToast } from '../../ui/Toast';
import type { EntryEditor } from './useEntryEditor';

const NOTICE_MS = 8000;

type DraftOptions = {
  /** Stable for the form's life (memoized by the caller). */
  draftKey: DraftKey;
  editor: EntryEditor;
  /** The collection entry's slug now. */
  slug?: string;
  /** The entry's files when the form opened (entries that exist). */
  beforeTreeKey?: string;
  restored: RestoredDraft | null;
};

/** Answers a function that removes the draft, for saves after which the form leaves the screen. */
export function useEntryDraft({ draftKey, editor, slug, beforeTreeKey, restored }: DraftOptions): () => Promise<void> {
  const { isDirty, files } = editor;
  useEffect(() => {
    if (isDirty) void setDraft(draftKey, draftRecord(files, { slug, beforeTreeKey }, new Date()));
    else void deleteDraft(draftKey);
  }, [draftKey, isDirty, files, slug, beforeTreeKey]);

  // Content fields write their text after a pause in typing: a form that leaves the screen, or a
  // page that is closed or reloaded, keeps in its draft the text typed just before.
  const latest = useRef({ draftKey, editor, slug, beforeTreeKey });
  useEffect(() => {
    latest.current = { draftKey, editor, slug, beforeTreeKey };
  });
  useEffect(() => {
    const keepUnwritten = () => {
      const { draftKey, editor, slug, beforeTreeKey } = latest.current;
      const now = editor.current();
      // Values the form rendered are in the draft already (the effect above).
      if (now.state === editor.state) return;
      if (now.isDirty) void setDraft(draftKey, draftRecord(now.files, { slug, beforeTreeKey }, new Date()));
      else void deleteDraft(draftKey);
    };
    window.addEventListener('pagehide', keepUnwritten);
    return () => {
      window.removeEventListener('pagehide', keepUnwritten);
      keepUnwritten();
    };
  }, []);

  const showToast = useToast();
  // Once per form, also when development mode runs effects twice.
  const told = useRef(false);
  useEffect(() => {
    if (restored === null || told.current) return;
    told.current = true;
    const message = t('draft.restored', { time: formatTimeAgo(restored.savedAt, new Date()) });
    showToast(restored.changedSince ? `${message} ${t('draft.changedSince')}` : message, {
      tone: 'neutral',
      timeoutMs: NOTICE_MS,
      // As Reset changes: the saved version everywhere, and the draft gone.
      action: { label: t('draft.discard'), onAction: () => latest.current.editor.reset() },
    });
  }, [restored, showToast]);

  return useCallback(() => deleteDraft(draftKey), [draftKey]);
}
