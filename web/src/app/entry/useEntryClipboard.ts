/**
 * Copy entry and Paste entry: the form's values go to the clipboard as the entry's files (see
 * clipboard/entryPayload), and an entry read from it replaces the form's values, with Undo.
 */
import { entryFromHtml, entryPayload } from '../../clipboard/entryPayload';
import { readClipboard, writeClipboard } from '../../clipboard/systemClipboard';
import type { ClipboardCandidate } from '../../clipboard/systemClipboard';
import { filesAsBytes, filesFor, stateFromFiles } from '../../entry/files';
import { entrySlug } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import type { DataLocation } from '../../entry/paths';
import { entryPaths } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import { splitFrontmatter } from '../../lib/frontmatter';
import { t } from '../../lib/messages/format';
import { useToast } from '../../ui/Toast';
import type { EntryEditor } from './useEntryEditor';

const FAILURE_MS = 5000;
const decoder = new TextDecoder();

type ClipboardOptions = {
  shape: EntryShape;
  /** Where the entry's data file sits in its folder. */
  location: DataLocation;
  editor: EntryEditor;
  /** Fits a pasted entry to this form (a collection entry keeps a slug of its own). */
  adopt(state: EntryState): EntryState | Promise<EntryState>;
};

export function useEntryClipboard({ shape, location, editor, adopt }: ClipboardOptions) {
  const showToast = useToast();
  const fail = (message: string) => showToast(message, { tone: 'critical', timeoutMs: FAILURE_MS });

  // As Keystatic does, files are written relative to the slug (or `entry`), not the site.
  const placeFor = (slug: string | undefined) => ({ dir: slug || 'entry', location });

  const copy = async () => {
    // With the text a content field has not written yet.
    const { state } = editor.current();
    const slug = shape.slugField === null ? undefined : entrySlug(shape, state);
    const place = placeFor(slug);
    const files = filesAsBytes(filesFor(shape, place, state));
    try {
      await writeClipboard(entryPayload({ slug, files }, entryPaths(shape, place).data));
      showToast(t('copy.done'));
    } catch {
      fail(t('copy.failed'));
    }
  };

  /** The entry a clipboard flavour holds, as form state, or null. */
  const read = (candidate: ClipboardCandidate): EntryState | null => {
    if (candidate.kind === 'html') {
      const entry = entryFromHtml(candidate.html);
      return entry === null ? null : stateFromFiles(shape, placeFor(entry.slug), entry.slug ?? '', entry.files);
    }
    // Plain text counts only as a whole data file: with a content field, frontmatter must open it.
    if (shape.format.contentField !== null && !splitFrontmatter(decoder.decode(candidate.bytes)).hasFrontmatter) return null;
    const slug = entrySlug(shape, editor.state);
    const place = placeFor(slug);
    return stateFromFiles(shape, place, slug, new Map([[entryPaths(shape, place).data, candidate.bytes]]));
  };

  const paste = async () => {
    const clipboard = await readClipboard();
    if (clipboard.kind === 'denied') return fail(t('paste.denied'));
    if (clipboard.kind === 'failed') return fail(t('paste.failed'));
    for (const candidate of clipboard.candidates) {
      const pasted = read(candidate);
      if (pasted === null) continue;
      const before = editor.current().state;
      editor.replaceState(await adopt(pasted));
      showToast(t('paste.done'), { action: { label: t('paste.undo'), onAction: () => editor.replaceState(before) } });
      return;
    }
    fail(t('paste.notFound'));
  };

  return { copy, paste };
}
