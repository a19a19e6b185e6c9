/**
 * A short tooltip naming an icon-only control (and its shortcut, where it has one): shown on hover
 * after a moment and at once on keyboard focus, as react-aria's tooltips are. The control keeps its
 * own accessible name; the tooltip repeats it for those who see the icon only.
 */
import type { ReactElement } from 'react';
import { Tooltip, TooltipTrigger } from 'react-aria-components';
import './tip.css';

export function Tip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <TooltipTrigger delay={500} closeDelay={0}>
      {children}
      <Tooltip className="tip" offset={6}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}
