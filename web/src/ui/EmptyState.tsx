/** A centred placeholder for screens and lists that have nothing to show. */
import type { ReactNode } from 'react';
import { Icon } from './icons';
import type { IconName } from './icons';

export function EmptyState({
  icon,
  title,
  message,
  children,
}: {
  icon?: IconName;
  title: string;
  message?: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state">
      {icon && <Icon name={icon} size={32} />}
      <h2 className="empty-state-title">{title}</h2>
      {message && <p className="empty-state-message">{message}</p>}
      {children}
    </div>
  );
}
