/**
 * A popover toolbar in the editor's frame (link, table, code block tools): placed under what it is
 * about, from its start (its left edge; for a block in right-to-left text, its right edge), and
 * moved as far as needed to stay inside the frame, so that none of its buttons is cut off at the
 * frame's edge (or scrolls the page sideways).
 */
import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { EditorView } from 'prosemirror-view';
import { menuLeft } from '../insertMenu/placement';

type FramePopoverProps = {
  frame: HTMLElement;
  /** Where the popover would sit, in the frame's coordinates. */
  top: number;
  left: number;
  /** The right edge of what it is about, where it ends in right-to-left text (else it starts at `left`). */
  right?: number;
  className?: string;
  /** Names the tools as a group for assistive technology. */
  label?: string;
  children: ReactNode;
};

export function FramePopover({ frame, top, left, right, className, label, children }: FramePopoverProps) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const popover = element.current;
    if (popover === null) return;
    const width = popover.offsetWidth;
    const start = right !== undefined && getComputedStyle(frame).direction === 'rtl' ? right - width : left;
    popover.style.left = `${menuLeft(start, frame.clientWidth, width)}px`;
  });
  return (
    <div
      ref={element}
      className={className === undefined ? 'editor-popover' : `editor-popover ${className}`}
      style={{ top, left }}
      {...(label === undefined ? {} : { role: 'group', 'aria-label': label })}
    >
      {children}
    </div>
  );
}

type NodePopoverProps = Omit<FramePopoverProps, 'top' | 'left' | 'right'> & { view: EditorView; pos: number };

/** A FramePopover under the node at `pos` (a table, a code block, a layout); nothing while it is not drawn. */
export function NodePopover({ view, pos, frame, ...rest }: NodePopoverProps) {
  const dom = view.nodeDOM(pos);
  if (!(dom instanceof HTMLElement)) return null;
  const box = frame.getBoundingClientRect();
  const at = dom.getBoundingClientRect();
  return <FramePopover frame={frame} top={at.bottom - box.top + 4} left={at.left - box.left} right={at.right - box.left} {...rest} />;
}
