/**
 * The rich-text editor of a content field: toolbar, text, insert menu, link and image dialogs and
 * popovers.
 * It is controlled by its editor state: every change of the document comes out through `onChange`,
 * and without `onChange` the editor is read-only (no toolbar, no typing).
 *
 * The editor is a library: it uses `ui` and `lib` only, and the content field hands it everything
 * else (`fields/content/`). Its schema follows the field's options and components (`schema/`); its
 * commands are one registry (`commands/`) that the toolbar (`toolbar/`), the insert menu and the
 * keymap read, beside the input rules; the Markdoc and MDX conversions (`markdoc/`, `mdx/`) write
 * Keystatic's bytes, each loaded with a field of its kind (`fields/content/formats.ts`). A block
 * whose component the field does not define, and an MDX element with none, are kept as read and
 * written back untouched (`schema/nodes.ts`). What it refuses it says in a notice above the text
 * (`notice/`). Collaboration binds it only through `SharedBinding` (`state/shared.ts`).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import type { EditorState } from 'prosemirror-state';
import { CodeBlockToolbar } from './codeBlock/CodeBlockToolbar';
import { commandsFor } from './commands/registry';
import { ComponentDialog } from './componentEditing/ComponentDialog';
import type { PropsFormProps } from './componentEditing/ComponentDialog';
import type { TakeFile } from './components';
import { HeadingToolbar } from './heading/HeadingToolbar';
import { ImageDialog } from './image/ImageDialog';
import { ImagePopover } from './image/ImagePopover';
import { imageNodeView } from './image/imageView';
import { InsertMenu } from './insertMenu/InsertMenu';
import type { InsertItem } from './insertMenu/insertItems';
import { insertMenuKey } from './insertMenu/insertMenuPlugin';
import { EditorNotice } from './notice/EditorNotice';
import { insertItems } from './insertMenu/insertItems';
import { LayoutToolbar } from './layout/LayoutToolbar';
import { LinkDialog } from './link/LinkDialog';
import { LinkPopover } from './link/LinkPopover';
import { editorSchemaOf } from './schema/createSchema';
import { TableHandles } from './table/TableHandles';
import { TableToolbar } from './table/TableToolbar';
import { Toolbar } from './toolbar/Toolbar';
import { componentNodeViews, missingBlockView } from './view/componentViews';
import { EditorStore } from './view/EditorStore';
import type { SharedBinding } from './state/shared';
import './editor.css';
import './prose.css';

export type EditorProps = {
  state: EditorState;
  onChange?(state: EditorState): void;
  /** The accessible name of the text (the field's label). */
  label: string;
  /** Id of the element describing the text (the field's description). */
  describedBy?: string;
  /** The form of a component's props in 'Edit {label}'; without it components cannot be edited. */
  PropsForm?: ComponentType<PropsFormProps>;
  /** Whether the toolbar offers Expand: the editor then fills the window until Collapse or Escape. */
  expandable?: boolean;
  /** Binds the editor to a document shared with others, once it is known. */
  shared?: SharedBinding;
  /** Image files pasted or dropped into the text that a component takes (a cloud image upload). */
  takeFile?: TakeFile;
};

export function Editor({ state, onChange, label, describedBy, PropsForm, expandable = false, shared, takeFile }: EditorProps) {
  const editorSchema = editorSchemaOf(state.schema);
  const [store] = useState(
    () =>
      new EditorStore(state, {
        onChange,
        nodeViews: {
          ...componentNodeViews(editorSchema.components),
          image: imageNodeView,
          missing_block: missingBlockView,
        },
        takeFile,
        attributes: {
          class: 'editor-prose',
          // The content is in the site's language, not the admin's: lists, quotes and tables take the
          // direction of its text (each paragraph its own, prose.css).
          dir: 'auto',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          ...(describedBy === undefined ? {} : { 'aria-describedby': describedBy }),
        },
      }),
  );
  useLayoutEffect(() => {
    store.setOnChange(onChange);
  }, [store, onChange]);
  useLayoutEffect(() => {
    store.setTakeFile(takeFile);
  }, [store, takeFile]);
  useEffect(() => store.receive(state), [store, state]);
  useEffect(() => {
    if (shared !== undefined) store.share(shared);
  }, [store, shared]);

  const commands = useMemo(() => commandsFor(editorSchema), [editorSchema]);
  const items = useMemo(() => insertItems(editorSchema, commands), [editorSchema, commands]);
  // Components the config puts in the toolbar have buttons there; the others are in its Insert menu.
  const [toolbarComponents, components] = useMemo(() => {
    const all = items.filter((item) => item.id.startsWith('component:'));
    const onToolbar = (item: InsertItem) => editorSchema.components.get(item.id.slice('component:'.length))?.toolbar === true;
    return [all.filter(onToolbar), all.filter((item) => !onToolbar(item))];
  }, [items, editorSchema]);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const [expanded, setExpanded] = useState(false);
  const view = expandable ? { expanded, onExpandedChange: setExpanded } : undefined;
  const mount = useCallback((element: HTMLDivElement | null) => (element === null ? undefined : store.mount(element)), [store]);

  return (
    <div
      className="editor"
      ref={setFrame}
      data-expanded={expanded || undefined}
      onKeyDownCapture={(event) => {
        if (!expanded || event.key !== 'Escape') return;
        // Escape in the text or the toolbar leaves the expanded editor, unless it closes the insert
        // menu first; in a popover it closes the popover. (Seen before the text's keymap, which has
        // its own use for Escape.)
        const target = event.target as Element;
        const inTextOrToolbar = store.getView()?.dom.contains(target) === true || target.closest('.editor-toolbar') !== null;
        if (inTextOrToolbar && insertMenuKey.getState(store.getState()) == null) setExpanded(false);
      }}
    >
      {onChange !== undefined && <Toolbar store={store} commands={commands} components={components} toolbarComponents={toolbarComponents} view={view} />}
      <EditorNotice store={store} />
      <div className="editor-content" ref={mount} />
      <InsertMenu store={store} items={items} frame={frame} />
      <LinkPopover store={store} frame={frame} />
      <ImagePopover store={store} frame={frame} />
      <TableToolbar store={store} commands={commands} frame={frame} />
      <TableHandles store={store} commands={commands} frame={frame} />
      <CodeBlockToolbar store={store} frame={frame} />
      <LayoutToolbar store={store} frame={frame} />
      <HeadingToolbar store={store} frame={frame} />
      <LinkDialog store={store} />
      <ImageDialog store={store} />
      {PropsForm !== undefined && <ComponentDialog store={store} PropsForm={PropsForm} />}
    </div>
  );
}
