/** A message block above content: critical for failures, caution for things to look at, neutral to tell. */
import type { ReactNode } from 'react';
import { Icon } from './icons';
import type { IconName } from './icons';

export type NoticeTone = 'critical' | 'caution' | 'neutral';

type NoticeProps = { tone: NoticeTone; title: string; icon?: IconName; children?: ReactNode };

export function Notice({ tone, title, icon = 'warning', children }: NoticeProps) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'critical' ? 'alert' : 'status'}>
      <Icon name={icon} />
      <div className="notice-body">
        <p className="notice-title">{title}</p>
        {children}
      </div>
    </div>
  );
}
