/**
 * Two panes side by side: the main pane takes the room the side pane (at the end of the line) leaves.
 * The separator between them is a focusable `separator` whose value is the side pane's width: drag it
 * (it snaps to the default width near it), step it with the arrow keys, Home and End go to the limits,
 * a double click restores the default. Dragging it to half the minimum width or less collapses the
 * side pane, as Enter does (the window splitter pattern); Enter, or a drag back out, brings it back at
 * its width. Width and collapse are remembered per `id` in local storage.
 */
import { useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { changedSize, dragCollapses, draggedSize, recallCollapsed, recallSize, rememberCollapsed, rememberSize, sizeChangeForKey } from './splitViewSize';
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

type Drag = { pointerId: number; startX: number; startSize: number; rtl: boolean; size: number; collapsed: boolean };

export function SplitView({ label, id, main, side, className, defaultSize, minSize, maxSize }: SplitViewProps) {
  const sizes = { defaultSize, minSize, maxSize };
  const sideId = useId();
  const recall = () => ({ id, size: recallSize(localStorageOrNull(), id, sizes), collapsed: recallCollapsed(localStorageOrNull(), id) });
  const [remembered, setRemembered] = useState(recall);
  let { size, collapsed } = remembered;
  if (remembered.id !== id) {
    // Another view (another collection, say) remembers its own width.
    ({ size, collapsed } = recall());
    setRemembered({ id, size, collapsed });
  }
  const [isDragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);

  const resize = (next: number, remember: boolean) => {
    setRemembered({ id, size: next, collapsed: false });
    if (remember) {
      rememberSize(localStorageOrNull(), id, next);
      rememberCollapsed(localStorageOrNull(), id, false);
    }
  };
  const setCollapsed = (next: boolean) => {
    setRemembered({ id, size, collapsed: next });
    rememberCollapsed(localStorageOrNull(), id, next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || drag.current !== null) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    // A collapsed pane is dragged out from nothing.
    const startSize = collapsed ? 0 : size;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startSize, rtl: isRtl(event.currentTarget), size, collapsed };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null || current.pointerId !== event.pointerId) return;
    // The side pane is at the end of the line: moving towards the start widens it.
    const moved = event.clientX - current.startX;
    const delta = current.rtl ? moved : -moved;
    current.collapsed = dragCollapses(current.startSize, delta, sizes);
    if (current.collapsed) setRemembered({ id, size: current.size, collapsed: true });
    else {
      current.size = draggedSize(current.startSize, delta, sizes);
      resize(current.size, false);
    }
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    rememberSize(localStorageOrNull(), id, current.size);
    rememberCollapsed(localStorageOrNull(), id, current.collapsed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      setCollapsed(!collapsed);
      return;
    }
    const change = sizeChangeForKey(event.key, isRtl(event.currentTarget));
    if (change === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    // From collapsed, a key that widens brings the pane back first.
    resize(collapsed ? size : changedSize(size, change, sizes), true);
  };

  return (
    <div
      className={className ? `split-view ${className}` : 'split-view'}
      data-dragging={isDragging || undefined}
      data-collapsed={collapsed || undefined}
      style={{ '--split-side-size': `${size}px` } as CSSProperties}
    >
      <div className="split-pane split-pane-main">{main}</div>
      <div
        className="split-separator"
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-controls={sideId}
        aria-valuenow={collapsed ? 0 : size}
        aria-valuemin={0}
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
      <div id={sideId} className="split-pane split-pane-side" hidden={collapsed}>
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
