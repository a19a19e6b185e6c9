/**
 * What the insert ("/") menu offers: the registry's commands that have an insert entry, and the
 * field's components (except those that only live inside another component).
 */
import type { Command } from 'prosemirror-state';
import type { EditorCommand } from '../commands/command';
import { insertBlock } from '../commands/insertBlock';
import type { EditorComponent } from '../components';
import type { EditorSchema } from '../schema/createSchema';

export type InsertItem = { id: string; label: string; description: string | null; run: Command };

/** Inserts a fresh component: a block at the cursor, an inline one in the text. */
export function insertComponent(component: EditorComponent): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes[component.name];
    const node = type?.createAndFill({ props: component.props.defaultValue() });
    if (node == null) return false;
    if (node.isInline) {
      if (!state.selection.$from.parent.type.contentMatch.matchType(type!)) return false;
      if (dispatch) dispatch(state.tr.replaceSelectionWith(node).scrollIntoView());
      return true;
    }
    const tr = insertBlock(state.tr, node);
    if (tr === null) return false;
    if (dispatch) dispatch(tr);
    return true;
  };
}

/**
 * The order of the menu's own items after the components: headings, then the blocks as the
 * insert menu has always listed them, the lists last.
 */
const menuOrder = ['blockquote', 'codeBlock', 'image', 'table', 'divider', 'layout', 'orderedList', 'bulletList'];

function menuRank(name: string): number {
  if (/^heading\d$/.test(name)) return Number(name.slice('heading'.length)) - 10;
  const index = menuOrder.indexOf(name);
  return index === -1 ? menuOrder.length : index;
}

export function insertItems(editorSchema: EditorSchema, commands: readonly EditorCommand[]): InsertItem[] {
  const fromCommands = commands
    .filter((command) => command.insertMenu !== undefined)
    .sort((a, b) => menuRank(a.name) - menuRank(b.name))
    .map((command) => ({
      id: command.name,
      label: command.label,
      description: command.insertMenu!.description,
      run: command.run,
    }));
  const fromComponents = [...editorSchema.components.values()]
    .filter((component) => !component.forSpecificLocations && component.kind !== 'mark')
    .map((component) => ({
      id: `component:${component.name}`,
      label: component.label,
      description: component.description,
      run: insertComponent(component),
    }));
  return [...fromComponents, ...fromCommands];
}

/**
 * Items whose label contains the query, spaces ignored: whitespace closes the menu, so "heading2"
 * is how "Heading 2" is typed.
 */
export function filterItems(items: readonly InsertItem[], query: string): InsertItem[] {
  const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  const wanted = squeeze(query);
  return items.filter((item) => squeeze(item.label).includes(wanted));
}
