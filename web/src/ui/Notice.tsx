/** A message block above content: critical for failures, caution for things to look at. */
import type { ReactNode } from 'react';
import { Icon } from './icons';

export type NoticeTone = 'critical' | 'caution';

export function Notice({ tone, title, children }: { tone: NoticeTone; title: string; children?: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'critical' ? 'alert' : 'status'}>
      <Icon name="warning" />
      <div className="notice-body">
        <p className="notice-title">{title}</p>
        {children}
      </div>
    </div>
  );
}
