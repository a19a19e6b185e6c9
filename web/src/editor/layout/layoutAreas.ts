/**
 * A layout has exactly one area per column: missing areas are added empty and extra ones merge into
 * the last, when a file is read and after every change (a deleted area, a switched layout).
 */
import type { Node, Schema } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import type { Transaction } from 'prosemirror-state';

export function fitAreas(areas: readonly Node[], columns: number, schema: Schema): Node[] {
  const areaType = schema.nodes.layout_area!;
  if (areas.length === columns) return [...areas];
  if (areas.length < columns) {
    return [...areas, ...Array.from({ length: columns - areas.length }, () => areaType.createAndFill()!)];
  }
  const merged: Node[] = [];
  for (const area of areas.slice(columns - 1)) area.forEach((block) => merged.push(block));
  return [...areas.slice(0, columns - 1), areaType.create(null, merged)];
}

/**
 * Adds fitting every layout of `tr`'s document to it; null when all fit already. Areas are added at
 * the end and merged by joining, so that the cursor stays where it was.
 */
export function fitLayouts(tr: Transaction): Transaction | null {
  const misfits: number[] = [];
  tr.doc.descendants((node, pos) => {
    if (node.type.name === 'layout_grid' && node.childCount !== (node.attrs.layout as number[]).length) misfits.push(pos);
  });
  if (misfits.length === 0) return null;
  // From the end, so that earlier positions stay valid.
  for (const pos of misfits.reverse()) {
    let layout = tr.doc.nodeAt(pos)!;
    const columns = (layout.attrs.layout as number[]).length;
    if (layout.childCount < columns) {
      tr.insert(pos + layout.nodeSize - 1, fitAreas([], columns - layout.childCount, tr.doc.type.schema));
      continue;
    }
    while (layout.childCount > columns) {
      let boundary = pos + 1;
      for (let index = 0; index < columns; index++) boundary += layout.child(index).nodeSize;
      tr.join(boundary);
      layout = tr.doc.nodeAt(pos)!;
    }
  }
  return tr;
}

export const layoutAreasPlugin = new Plugin({
  appendTransaction(transactions, _old, state) {
    if (state.schema.nodes.layout_grid === undefined || !transactions.some((tr) => tr.docChanged)) return null;
    return fitLayouts(state.tr);
  },
});
