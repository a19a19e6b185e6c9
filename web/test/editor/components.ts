/** Components for editor tests: a factory with the usual defaults, and a codec for props-free ones. */
import type { EditorComponent, PropsCodec } from '../../src/editor/components';

/** No props: any attribute is refused, nothing is written. */
export const noProps: PropsCodec = {
  defaultValue: () => ({}),
  parse(attributes) {
    const [key] = Object.keys(attributes);
    if (key !== undefined) throw new Error(`Key on object value "${key}" is not allowed`);
    return {};
  },
  serialize: () => ({}),
  validate: () => null,
  label: (key) => key,
};

export function testComponent(name: string, kind: EditorComponent['kind'], extra: Partial<EditorComponent> = {}): EditorComponent {
  return {
    name,
    kind,
    label: name,
    description: null,
    forSpecificLocations: false,
    toolbar: false,
    cloudImage: false,
    children: [],
    min: 0,
    max: null,
    placeholder: null,
    hasProps: false,
    props: noProps,
    ...extra,
  };
}
