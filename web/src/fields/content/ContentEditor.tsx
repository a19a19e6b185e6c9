/**
 * The editor of markdoc and mdx fields, loaded only when an entry with a content field opens. The field's
 * state stays the stored text and its image files: the editor reads them once, and changes of the
 * document write the new text and files after a pause in typing (pendingEdits.ts), since writing a
 * long document on every keystroke would slow typing down. Text the editor cannot read is shown
 * with its problems and never replaced.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Node } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';
import type { ContentField } from '../../api/config';
import { Editor } from '../../editor/Editor';
import type { SharedBinding } from '../../editor/state/shared';
import { et } from '../../editor/messages';
import { formatProblem } from '../../editor/parseError';
import { Notice } from '../../ui/Notice';
import { unshared } from '../FieldProps';
import type { FieldProps } from '../FieldProps';
import { useKindOf } from '../KindsContext';
import { useToast } from '../../ui/Toast';
import { cloudImageTaker } from './cloudImageFiles';
import { contentDocument, openContent, writeContent } from './document';
import { nodePropSchemas } from './propSchemas';
import type { OpenedContent } from './document';
import { lastSlug } from './images';
import type { ContentState } from './images';
import { DeferredWrite } from './pendingEdits';
import { PropsForm, PropsFormSourceContext } from './PropsForm';
import './content.css';

/** `expandable`: the editor offers Expand, filling the window (the entry's content field, not an inline one). */
export default function ContentEditor(props: FieldProps<ContentField, ContentState> & { expandable?: boolean }) {
  const { field, state, onChange, onBlur, context, expandable = false } = props;
  const descriptionId = useId();
  const kindOf = useKindOf();
  const [opened, setOpened] = useState<OpenedContent>(() => openContent(field, state, kindOf));
  let shown = opened;
  // Content from outside (a reset, a reload) opens afresh; our own comes back as the same object.
  if (opened.content !== state) {
    shown = openContent(field, state, kindOf);
    setOpened(shown);
  }

  const [deferred] = useState(() => new DeferredWrite<EditorState>(() => {}));
  // The content this editor last wrote or was given.
  const written = useRef(state);
  useLayoutEffect(() => {
    // Values from outside replace edits not written yet.
    if (written.current !== state) deferred.discard();
    written.current = state;
    deferred.setWrite((next) => {
      // For the slug the entry last wrote it for, so that a save seldom writes it again.
      const content = writeContent(field, next, lastSlug(written.current));
      written.current = content;
      setOpened({ content, ok: true, state: next });
      onChange(content);
    });
  }, [field, onChange, state, deferred]);
  // Leaving the screen (or the form) writes what was typed last.
  useEffect(() => () => void deferred.flush(), [deferred]);

  // Editing with others: once the shared document is known, the editor is bound to it.
  const pathKey = (context.path ?? []).join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the path's parts, not the array, say which text it is
  const sharedText = useMemo(() => context.shared?.textAt(context.path ?? []), [context.shared, pathKey]);
  const openedOk = opened.ok;
  const [binding, setBinding] = useState<SharedBinding | undefined>(undefined);
  // The text the editor opens with, when it is a draft that changed the saved text, may go to the
  // others (reckoned once, as the editor opens).
  const [draftOver] = useState(() => {
    const saved = context.savedAt?.(context.path ?? []) as ContentState | undefined;
    return saved === undefined || saved.text === state.text ? undefined : (contentDocument(field, saved, kindOf) ?? undefined);
  });
  // Opened by a reset (or a paste), the editor's text goes to everyone as it first joins; any later
  // joining (the connection back after a loss) shows the shared text, as on opening.
  const [replaced] = useState(context.replaced === true);
  const joinedOnce = useRef(false);
  useEffect(() => {
    if (sharedText === undefined || !openedOk) return;
    return sharedText.join((joined) => {
      const own = replaced && !joinedOnce.current;
      joinedOnce.current = true;
      setBinding(() => (own ? (current: Node) => joined(current, 'own') : joined));
    }, draftOver);
  }, [sharedText, openedOk, draftOver, replaced]);

  // Props are edited by owner: a component by its tag, a heading or code block by its node's name.
  const schemas = useMemo(
    () =>
      new Map([
        ...Object.entries(field.components ?? {}).map(([name, component]) => [name, component.schema] as const),
        ...Object.entries(nodePropSchemas(field)),
      ]),
    [field],
  );
  // Fields inside a component's props are not the shared document.
  const propsFormSource = useMemo(() => ({ schemas, context: unshared(context) }), [schemas, context]);
  const showToast = useToast();
  const takeFile = useMemo(() => cloudImageTaker(field, context.cloudImages, showToast), [field, context.cloudImages, showToast]);

  const change = (next: EditorState) => {
    // The editor shows every change at once; the text follows (see above).
    setOpened((current) => (current.ok ? { ...current, state: next } : current));
    deferred.change(next);
  };

  return (
    <div className="field content-field" onBlur={onBlur}>
      <span className="field-label">{field.label}</span>
      {field.description && (
        <span id={descriptionId} className="field-description">
          {field.description}
        </span>
      )}
      {shown.ok ? (
        <PropsFormSourceContext value={propsFormSource}>
          <Editor
            state={shown.state}
            onChange={change}
            label={field.label}
            describedBy={field.description ? descriptionId : undefined}
            PropsForm={PropsForm}
            expandable={expandable}
            shared={binding}
            takeFile={takeFile}
          />
        </PropsFormSourceContext>
      ) : (
        <>
          <Notice tone="critical" title={et('parse.title')}>
            <ul className="problem-list">
              {shown.problems.map((problem, index) => (
                <li key={index}>{formatProblem(problem)}</li>
              ))}
            </ul>
            <p>{et('parse.hint')}</p>
          </Notice>
          <pre className="content-field-raw" aria-label={field.label}>
            {shown.content.text}
          </pre>
        </>
      )}
    </div>
  );
}
