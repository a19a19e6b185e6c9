/**
 * A popover toolbar in the editor's frame (link, table, code block tools): placed under what it is
 * about, and moved left as far as needed to stay inside the frame, so that none of its buttons is
 * cut off at the frame's edge (or scrolls the page sideways).
 */
import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { menuLeft } from '../insertMenu/placement';

type FramePopoverProps = {
  frame: HTMLElement;
  /** Where the popover would sit, in the frame's coordinates. */
  top: number;
  left: number;
  className?: string;
  children: ReactNode;
};

export function FramePopover({ frame, top, left, className, children }: FramePopoverProps) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const popover = element.current;
    if (popover !== null) popover.style.left = `${menuLeft(left, frame.clientWidth, popover.offsetWidth)}px`;
  });
  return (
    <div ref={element} className={className === undefined ? 'editor-popover' : `editor-popover ${className}`} style={{ top, left }}>
      {children}
    </div>
  );
}
