/**
 * The tools of the layout the cursor is in, under it: one button per layout the field allows (the
 * current one pressed) and Remove.
 */
import { useSyncExternalStore } from 'react';
import { Button, ToggleButton } from 'react-aria-components';
import { et } from '../messages';
import { editorSchemaOf } from '../schema/createSchema';
import type { EditorStore } from '../view/EditorStore';
import { NodePopover } from '../view/FramePopover';
import { layoutAround, layoutName, removeLayout, setLayout } from './layoutCommands';
import './layout.css';

export function LayoutToolbar({ store, frame }: { store: EditorStore; frame: HTMLElement | null }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const view = store.getView();
  const at = layoutAround(state);
  if (at === null || view === null || frame === null || !view.editable) return null;
  const current = layoutName(at.node.attrs.layout as number[]);
  return (
    <NodePopover view={view} pos={at.pos} frame={frame} className="editor-layout-toolbar" label={et('layout.tools')}>
      {editorSchemaOf(state.schema).options.layouts.map((layout) => {
        const name = layoutName(layout);
        return (
          <ToggleButton
            key={name}
            className="editor-toolbar-button editor-layout-choice"
            aria-label={et('layout.columns', { layout: name })}
            isSelected={name === current}
            onChange={() => store.run(setLayout(layout))}
          >
            <LayoutGlyph layout={layout} />
          </ToggleButton>
        );
      })}
      <Button className="editor-toolbar-button" onPress={() => store.run(removeLayout)}>
        {et('layout.remove')}
      </Button>
    </NodePopover>
  );
}

/** Columns drawn to scale, so the choices read at a glance. */
function LayoutGlyph({ layout }: { layout: readonly number[] }) {
  const total = layout.reduce((sum, ratio) => sum + ratio, 0);
  const span = 20 - (layout.length - 1) * 2;
  const widths = layout.map((ratio) => span * (ratio / total));
  const starts = widths.map((_, index) => 2 + widths.slice(0, index).reduce((sum, width) => sum + width + 2, 0));
  return (
    <svg viewBox="0 0 24 16" width="24" height="16" aria-hidden="true">
      {widths.map((width, index) => (
        <rect key={index} x={starts[index]} y={2} width={width} height={12} rx={1.5} fill="none" stroke="currentColor" strokeWidth={1.5} />
      ))}
    </svg>
  );
}
