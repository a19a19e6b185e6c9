/**
 * Says that the entry's file opened without the frontmatter its format keeps the fields in: the
 * whole file is the content and the other fields start empty, as Keystatic reads it. The first
 * save writes the frontmatter, and the notice goes with the loaded version it describes.
 */
import { t } from '../../lib/messages/format';
import { Notice } from '../../ui/Notice';
import type { EntryEditor } from './useEntryEditor';

export function FrontmatterNotice({ editor }: { editor: EntryEditor }) {
  const path = editor.loaded.frontmatterMissingIn;
  if (path === undefined) return null;
  return (
    <Notice tone="neutral" title={t('entry.frontmatterMissing')} icon="file">
      <p>{t('entry.frontmatterMissingMessage', { path })}</p>
    </Notice>
  );
}
