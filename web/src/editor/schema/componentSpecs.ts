/**
 * Node and mark specs for content components. A component's node type is named after its tag;
 * content expressions refer to components through a group per component, because tag names may hold
 * characters (`layout-area`) that content expressions cannot.
 */
import type { MarkSpec, NodeSpec } from 'prosemirror-model';
import type { EditorComponent } from '../components';

/** The content-expression group that names exactly one component. */
export function componentGroup(index: number): string {
  return `component_${index}`;
}

function repeatCount(min: number, max: number | null): string {
  if (max === null) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  return `{${min},${max}}`;
}

function componentDOM(component: EditorComponent, hole: boolean, inline = false) {
  const attrs = { 'data-component': component.name };
  const element = inline ? 'span' : 'div';
  return hole ? ([element, attrs, 0] as const) : ([element, attrs] as const);
}

/** Node specs (and mark specs) for every component, keyed by tag name. */
export function componentSpecs(components: readonly EditorComponent[]): {
  nodes: Record<string, NodeSpec>;
  marks: Record<string, MarkSpec>;
} {
  const groups = new Map(components.map((component, index) => [component.name, componentGroup(index)]));
  const nodes: Record<string, NodeSpec> = {};
  const marks: Record<string, MarkSpec> = {};
  for (const component of components) {
    const group = groups.get(component.name) ?? '';
    const attrs = { props: { default: component.props.defaultValue() } };
    const blockGroup = component.forSpecificLocations ? group : `block ${group}`;
    const parseDOM = [{ tag: `[data-component="${component.name}"]` }];
    switch (component.kind) {
      case 'block':
        nodes[component.name] = {
          group: blockGroup,
          atom: true,
          defining: true,
          attrs,
          parseDOM,
          toDOM: () => componentDOM(component, false),
        };
        break;
      case 'wrapper':
      case 'inlineWrapper':
        nodes[component.name] = {
          group: blockGroup,
          // One line of text is one paragraph: it cannot be split, nor turned into a heading or list.
          content: component.kind === 'wrapper' ? 'block+' : 'paragraph',
          defining: true,
          // A child field's own heading levels (schema/childHeadings.ts).
          headingLevels: component.headingLevels,
          attrs,
          parseDOM,
          toDOM: () => componentDOM(component, true),
        };
        break;
      case 'regions': {
        // Each region once, in order: a component block's child fields all have their place.
        const regions = component.children.map((name) => groups.get(name)).filter((name) => name !== undefined);
        nodes[component.name] = {
          group: blockGroup,
          content: regions.join(' '),
          defining: true,
          attrs,
          parseDOM,
          toDOM: () => componentDOM(component, true),
        };
        break;
      }
      case 'repeating': {
        const children = component.children.map((name) => groups.get(name)).filter((name) => name !== undefined);
        nodes[component.name] = {
          group: blockGroup,
          content: `(${children.join(' | ')})${repeatCount(component.min, component.max)}`,
          defining: true,
          attrs,
          parseDOM,
          toDOM: () => componentDOM(component, true),
        };
        break;
      }
      case 'inline':
        nodes[component.name] = {
          group: 'inline',
          inline: true,
          atom: true,
          attrs,
          parseDOM,
          toDOM: () => componentDOM(component, false, true),
        };
        break;
      case 'mark':
        marks[component.name] = {
          attrs,
          parseDOM,
          toDOM: () =>
            component.tag || component.style
              ? [
                  component.tag ?? 'span',
                  { 'data-component': component.name, class: component.className ?? undefined, style: component.style ?? undefined },
                  0,
                ]
              : componentDOM(component, true, true),
        };
        break;
    }
  }
  return { nodes, marks };
}
