/**
 * Two panes side by side: the main pane takes the room the side pane (at the end of the line) leaves.
 * The separator between them is a focusable `separator` whose value is the side pane's width: drag it
 * (it snaps to the default width near it), step it with the arrow keys, Home and End go to the limits,
 * a double click restores the default. The width is remembered per `id` in local storage.
 */
import { useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { changedSize, draggedSize, recallSize, rememberSize, sizeChangeForKey } from './splitViewSize';
import type { SplitSizes } from './splitViewSize';
import './splitView.css';

export type SplitViewProps = SplitSizes & {
  /** Names the width the separator sets, for assistive technology. */
  label: string;
  /** Where the width is remembered: split views with the same id share it. */
  id: string;
  main: ReactNode;
  side: ReactNode;
  className?: string;
};

type Drag = { pointerId: number; startX: number; startSize: number; rtl: boolean; size: number };

export function SplitView({ label, id, main, side, className, defaultSize, minSize, maxSize }: SplitViewProps) {
  const sizes = { defaultSize, minSize, maxSize };
  const sideId = useId();
  const [remembered, setRemembered] = useState(() => ({ id, size: recallSize(localStorageOrNull(), id, sizes) }));
  let size = remembered.size;
  if (remembered.id !== id) {
    // Another view (another collection, say) remembers its own width.
    size = recallSize(localStorageOrNull(), id, sizes);
    setRemembered({ id, size });
  }
  const [isDragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);

  const resize = (next: number, remember: boolean) => {
    setRemembered({ id, size: next });
    if (remember) rememberSize(localStorageOrNull(), id, next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || drag.current !== null) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startSize: size, rtl: isRtl(event.currentTarget), size };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null || current.pointerId !== event.pointerId) return;
    // The side pane is at the end of the line: moving towards the start widens it.
    const moved = event.clientX - current.startX;
    current.size = draggedSize(current.startSize, current.rtl ? moved : -moved, sizes);
    resize(current.size, false);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    rememberSize(localStorageOrNull(), id, current.size);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const change = sizeChangeForKey(event.key, isRtl(event.currentTarget));
    if (change === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    resize(changedSize(size, change, sizes), true);
  };

  return (
    <div
      className={className ? `split-view ${className}` : 'split-view'}
      data-dragging={isDragging || undefined}
      style={{ '--split-side-size': `${size}px` } as CSSProperties}
    >
      <div className="split-pane split-pane-main">{main}</div>
      <div
        className="split-separator"
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-controls={sideId}
        aria-valuenow={size}
        aria-valuemin={minSize}
        aria-valuemax={maxSize}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={endDrag}
        onKeyDown={onKeyDown}
        onDoubleClick={() => resize(defaultSize, true)}
      >
        <span className="split-separator-grip" />
      </div>
      <div id={sideId} className="split-pane split-pane-side">
        {side}
      </div>
    </div>
  );
}

function isRtl(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

// Storage can be unavailable (disabled cookies, some private modes); the width then lasts a visit.
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
