/** Every editor command, in toolbar order; `commandsFor` keeps those a field allows. */
import type { EditorSchema } from '../schema/createSchema';
import { alignmentCommands } from './alignment';
import { blockCommands } from './blocks';
import type { EditorCommand } from './command';
import { componentMarkCommands } from './componentMarks';
import { historyCommands } from './history';
import { imageCommands } from './image';
import { insertCommands } from './insert';
import { linkCommands } from './link';
import { listCommands } from './lists';
import { markCommands } from './marks';
import { tableCommands } from './table';
import { layoutEditorCommands } from '../layout/layoutCommands';

export const allCommands: readonly EditorCommand[] = [
  ...historyCommands,
  ...blockCommands,
  ...markCommands,
  ...alignmentCommands,
  ...listCommands,
  ...linkCommands,
  ...imageCommands,
  ...insertCommands,
  ...layoutEditorCommands,
  ...tableCommands,
];

/** The commands a field allows, its mark components' toggles among the marks. */
export function commandsFor(editorSchema: EditorSchema): EditorCommand[] {
  return [...allCommands.filter((command) => command.isAvailable(editorSchema)), ...componentMarkCommands(editorSchema)];
}
