/**
 * The content components of the docs fixture (fixtures/sites/keystatic-docs), as the docs site's own
 * Keystatic config defines them, with a props codec small enough to read at a glance: each prop is a
 * string, a number or a list of strings, written in schema order and left out when empty.
 */
import type { EditorComponent, PropsCodec, PropsValue } from '../../src/editor/components';
import { noProps } from '../../src/editor/components';

type PropKind = 'text' | 'select' | 'multiselect' | 'integer';

function codec(schema: Record<string, PropKind>): PropsCodec {
  const empty = (kind: PropKind) => (kind === 'multiselect' ? [] : kind === 'integer' ? null : '');
  return {
    defaultValue: () => Object.fromEntries(Object.entries(schema).map(([key, kind]) => [key, empty(kind)])),
    parse(attributes) {
      for (const key of Object.keys(attributes)) {
        if (!(key in schema)) throw new Error(`Key on object value "${key}" is not allowed`);
      }
      const value: Record<string, unknown> = {};
      for (const [key, kind] of Object.entries(schema)) {
        const given = attributes[key];
        const ok =
          given === undefined ||
          (kind === 'integer' ? Number.isInteger(given) : kind === 'multiselect' ? Array.isArray(given) : typeof given === 'string');
        if (!ok) throw new Error(`${key}: wrong type`);
        value[key] = given ?? empty(kind);
      }
      return value;
    },
    serialize(value: PropsValue) {
      // Multiselects are always written (as Keystatic does); empty text and numbers are left out.
      return Object.fromEntries(
        Object.entries(schema)
          .filter(([key, kind]) => kind === 'multiselect' || (value[key] !== '' && value[key] !== null))
          .map(([key]) => [key, value[key]]),
      );
    },
    validate: () => null,
  };
}

function component(name: string, kind: EditorComponent['kind'], props: PropsCodec, extra: Partial<EditorComponent> = {}): EditorComponent {
  return {
    name,
    kind,
    label: name,
    description: null,
    forSpecificLocations: false,
    children: [],
    min: 0,
    max: null,
    hasProps: props !== noProps,
    props,
    ...extra,
  };
}

export const docsComponents: EditorComponent[] = [
  component('tags', 'block', codec({ tags: 'multiselect' })),
  component('embed', 'block', codec({ mediaType: 'select', embedCode: 'text' })),
  component('field-demo', 'block', codec({ field: 'select' })),
  component('aside', 'wrapper', codec({ icon: 'text' })),
  component('cloud-image', 'block', codec({ src: 'text', alt: 'text', height: 'integer', width: 'integer' })),
  component('layout', 'repeating', noProps, { children: ['layout-area'], min: 2, max: 2 }),
  component('layout-area', 'wrapper', noProps, { forSpecificLocations: true }),
];

/** The projects collection allows two of them. */
export const projectComponents = docsComponents.filter((c) => c.name === 'aside' || c.name === 'cloud-image');
