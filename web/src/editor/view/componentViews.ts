/**
 * How components look in the text: a labelled box, holding the component's content (wrappers,
 * repeating components) or a summary of its props (blocks), and a chip for inline ones. Plain DOM
 * node views: they render once per node and ProseMirror keeps their content editable.
 */
import type { Node } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import type { EditorView, NodeViewConstructor } from 'prosemirror-view';
import { addChildComponent, openComponentDialog, removeComponent } from '../componentEditing/componentDialog';
import { noPropFiles } from '../components';
import { openedFolders } from '../image/imageName';
import type { EditorComponent } from '../components';
import { et } from '../messages';

function element(tag: string, className: string, text?: string): HTMLElement {
  const created = document.createElement(tag);
  created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/** A prop's value in words: an object as its `key: value` pairs, a list as its items. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(describeValue).join(', ');
  if (isPlainObject(value)) return Object.entries(value).map(([key, inner]) => `${key}: ${describeValue(inner)}`).join(', ');
  return JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The props as written for the entry's slug, one line each, and the warning when they do not validate. */
function summary(component: EditorComponent, node: Node, view: EditorView): HTMLElement {
  const box = element('div', 'editor-component-props');
  const props = node.attrs.props as Record<string, unknown>;
  const problem = component.props.validate(props);
  if (problem !== null) box.append(element('p', 'editor-component-invalid', et('component.invalid')));
  box.append(...propLines(component, component.props.serialize(props, { ...noPropFiles, slug: openedFolders(view.state).slug })));
  return box;
}

/**
 * A cloud image block as the image it names, with its alt text and size below; a broken address
 * (or one the page may not load) leaves the alt text and size.
 */
function cloudImagePreview(component: EditorComponent, node: Node): HTMLElement {
  const props = node.attrs.props as Record<string, unknown>;
  const box = element('figure', 'editor-component-props editor-cloud-image');
  if (component.props.validate(props) !== null) box.append(element('p', 'editor-component-invalid', et('component.invalid')));
  const { src, alt, width, height } = props;
  if (typeof src === 'string' && src !== '') {
    const image = element('img', 'editor-cloud-image-img') as HTMLImageElement;
    image.alt = typeof alt === 'string' ? alt : '';
    image.src = src;
    image.addEventListener('error', () => (image.hidden = true));
    box.append(image);
  }
  const caption = element('figcaption', 'editor-cloud-image-caption');
  if (typeof alt === 'string' && alt !== '') caption.append(element('span', 'editor-cloud-image-alt', alt));
  if (typeof width === 'number' && typeof height === 'number') {
    caption.append(element('span', 'editor-cloud-image-size', et('cloudImage.size', { width, height })));
  }
  if (caption.childElementCount > 0) box.append(caption);
  return box;
}

/** One line per written prop: its label (its key, for a component the field does not define) and its value. */
function propLines(component: EditorComponent | null, attributes: Readonly<Record<string, unknown>>): HTMLElement[] {
  // An object emptied of the child fields it held says nothing.
  const said = Object.entries(attributes).filter(([, value]) => !(isPlainObject(value) && Object.keys(value).length === 0));
  return said.map(([key, value]) => {
    const line = element('div', 'editor-component-prop');
    line.append(
      element('span', 'editor-component-prop-key', component?.props.label(key) ?? key),
      element('span', 'editor-component-prop-value', describeValue(value)),
    );
    return line;
  });
}

/** A header button running a command on the node, if the editor is editable. */
function action(view: EditorView, label: string, command: () => Command, role = ''): HTMLElement {
  const button = element('button', `editor-component-action ${role}`.trim(), label);
  button.setAttribute('type', 'button');
  button.addEventListener('click', (event) => {
    event.preventDefault();
    command()(view.state, view.dispatch, view);
    view.focus();
  });
  return button;
}

function contentClass(component: EditorComponent): string {
  if (component.kind !== 'repeating') return 'editor-component-content';
  const columns = component.max !== null && component.min === component.max;
  return columns ? 'editor-component-children editor-component-columns' : 'editor-component-children';
}

function componentView(component: EditorComponent, components: ReadonlyMap<string, EditorComponent>): NodeViewConstructor {
  return (node, view, getPos) => {
    const at = () => getPos() ?? -1;
    const edit = () => openComponentDialog(at());
    // Buttons are the view's own; ProseMirror leaves their clicks alone.
    const stopEvent = (event: Event) => event.target instanceof HTMLButtonElement;
    if (component.kind === 'inline') {
      const dom = element('span', 'editor-component-inline', component.label);
      dom.dataset.component = component.name;
      // Its first written prop beside the label (`Key Ctrl+S`), all of them on hover.
      const written = Object.entries(component.props.serialize(node.attrs.props as Record<string, unknown>, noPropFiles));
      const [first] = written;
      if (first !== undefined) dom.append(element('span', 'editor-component-inline-value', describeValue(first[1])));
      if (written.length > 0) dom.title = written.map(([key, value]) => `${component.props.label(key)}: ${describeValue(value)}`).join('\n');
      if (view.editable && component.hasProps) dom.addEventListener('dblclick', () => edit()(view.state, view.dispatch, view));
      return { dom };
    }
    const dom = element('div', 'editor-component');
    dom.dataset.component = component.name;
    const header = element('div', 'editor-component-header');
    header.contentEditable = 'false';
    header.append(element('span', 'editor-component-label', component.label));
    if (view.editable) {
      if (component.hasProps) header.append(action(view, et('component.edit'), edit));
      // Offered while the component may take another child, or do without this one (repeatingBounds.ts).
      for (const child of component.kind === 'repeating' ? component.children : []) {
        const childComponent = components.get(child);
        if (childComponent === undefined) continue;
        const label = et('component.addChild', { label: childComponent.label });
        header.append(action(view, label, () => addChildComponent(at(), childComponent), 'editor-component-add'));
      }
      header.append(action(view, et('component.remove'), () => removeComponent(at()), 'editor-component-remove'));
    }
    dom.append(header);
    // The props as written (a block shows nothing else), above the content of other components.
    const props = component.cloudImage ? cloudImagePreview(component, node) : summary(component, node, view);
    props.contentEditable = 'false';
    if (component.kind === 'block') {
      dom.append(props);
      return { dom, stopEvent };
    }
    if (props.childElementCount > 0) dom.append(props);
    const contentDOM = element('div', contentClass(component));
    dom.append(contentDOM);
    return { dom, contentDOM, stopEvent, ignoreMutation: (mutation) => !contentDOM.contains(mutation.target) };
  };
}

/**
 * A block the field does not define: its name, props and source, kept as written until the writer
 * removes it (saving writes it back untouched).
 */
export const missingBlockView: NodeViewConstructor = (node, view, getPos) => {
  const dom = element('div', 'editor-component editor-component-missing');
  dom.dataset.component = node.attrs.name as string;
  dom.contentEditable = 'false';
  const header = element('div', 'editor-component-header');
  header.append(element('span', 'editor-component-label', et('component.missing', { component: node.attrs.name as string })));
  if (view.editable) header.append(action(view, et('component.remove'), () => removeComponent(getPos() ?? -1)));
  const props = element('div', 'editor-component-props');
  props.append(...propLines(null, node.attrs.props as Record<string, unknown>));
  dom.append(header, props, element('pre', 'editor-component-source', node.attrs.text as string));
  return { dom, stopEvent: (event) => event.target instanceof HTMLButtonElement };
};

/** A region of a block with several child fields: its child field's name above its content. */
function regionView(component: EditorComponent): NodeViewConstructor {
  return () => {
    const dom = element('div', 'editor-component-region');
    dom.dataset.region = component.region?.join('.') ?? '';
    const caption = element('div', 'editor-component-region-label', component.label);
    caption.contentEditable = 'false';
    const contentDOM = element('div', 'editor-component-content');
    dom.append(caption, contentDOM);
    return { dom, contentDOM, ignoreMutation: (mutation) => !contentDOM.contains(mutation.target) };
  };
}

export function componentNodeViews(components: ReadonlyMap<string, EditorComponent>): Record<string, NodeViewConstructor> {
  const views: Record<string, NodeViewConstructor> = {};
  for (const component of components.values()) {
    if (component.region !== undefined) views[component.name] = regionView(component);
    else if (component.kind !== 'mark') views[component.name] = componentView(component, components);
  }
  return views;
}
