/**
 * Mark components (`{% highlight %}text{% /highlight %}`) as toolbar toggles, one per component of
 * the field; a new mark gets its component's default props.
 */
import { toggleMark } from 'prosemirror-commands';
import type { EditorSchema } from '../schema/createSchema';
import type { EditorCommand } from './command';
import { isMarkActive } from './marks';

export function componentMarkCommands(editorSchema: EditorSchema): EditorCommand[] {
  return [...editorSchema.components.values()]
    .filter((component) => component.kind === 'mark')
    .map((component) => ({
      name: `component:${component.name}`,
      label: component.label,
      group: 'mark',
      keys: [],
      isAvailable: () => true,
      run: (state, dispatch) => {
        const type = state.schema.marks[component.name];
        return type !== undefined && toggleMark(type, { props: component.props.defaultValue() })(state, dispatch);
      },
      isActive: (state) => isMarkActive(state, state.schema.marks[component.name]),
    }));
}
