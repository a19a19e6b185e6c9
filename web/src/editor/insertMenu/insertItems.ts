/**
 * What the insert ("/") menu offers: the registry's commands that have an insert entry, and the
 * field's components (except those that only live inside another component).
 */
import type { Node } from 'prosemirror-model';
import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { componentDialogKey } from '../componentEditing/componentDialog';
import type { EditorCommand } from '../commands/command';
import { insertBlock } from '../commands/insertBlock';
import type { EditorComponent } from '../components';
import type { EditorSchema } from '../schema/createSchema';

export type InsertItem = { id: string; label: string; description: string | null; run: Command };

/**
 * Inserts a fresh component: a block at the cursor, an inline one in the text. One whose props need
 * a value (a required field) opens its dialog at once; cancelling it takes the component out again.
 */
export function insertComponent(component: EditorComponent): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes[component.name];
    const props = component.props.defaultValue();
    const node = type?.createAndFill({ props });
    if (node == null) return false;
    let tr: Transaction | null;
    if (node.isInline) {
      if (!state.selection.$from.parent.type.contentMatch.matchType(type!)) return false;
      tr = state.tr.replaceSelectionWith(node).scrollIntoView();
    } else tr = insertBlock(state.tr, node);
    if (tr === null) return false;
    if (dispatch) {
      const at = component.hasProps && component.props.validate(props) !== null ? positionOf(tr.doc, node) : null;
      dispatch(at === null ? tr : tr.setMeta(componentDialogKey, { pos: at, fresh: true }));
    }
    return true;
  };
}

/** Where `node` (that very object, as inserted) is in `doc`; null when it is not there. */
function positionOf(doc: Node, node: Node): number | null {
  let found: number | null = null;
  doc.descendants((child, pos) => {
    if (found !== null) return false;
    if (child === node) found = pos;
    return found === null;
  });
  return found;
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
 * Items whose label contains the query, spaces ignored ("heading 2" and "heading2" both find
 * "Heading 2"), and that can run where the menu is (a child field may hold fewer heading levels).
 */
export function filterItems(items: readonly InsertItem[], query: string, state: EditorState): InsertItem[] {
  const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  const wanted = squeeze(query);
  return items.filter((item) => squeeze(item.label).includes(wanted) && item.run(state));
}
