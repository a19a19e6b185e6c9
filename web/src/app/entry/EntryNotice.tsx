/** A notice in place of an entry's form (not found, failed to load). */
import { Notice } from '../../ui/Notice';
import type { NoticeTone } from '../../ui/Notice';

export function EntryNotice({ tone, title, message }: { tone: NoticeTone; title: string; message?: string }) {
  return (
    <div className="entry-body">
      <Notice tone={tone} title={title}>
        {message !== undefined && <p>{message}</p>}
      </Notice>
    </div>
  );
}
