/**
 * The editor of markdoc and mdx fields, loaded only when an entry with a content field opens. The field's
 * state stays the stored text and its image files: the editor reads them once, and every change of
 * the document writes the new text and files. Text the editor cannot read is shown with its
 * problems and never replaced.
 */
import { useId, useMemo, useState } from 'react';
import type { EditorState } from 'prosemirror-state';
import type { ContentField } from '../../api/config';
import { Editor } from '../../editor/Editor';
import { et } from '../../editor/messages';
import { formatProblem } from '../../editor/parseError';
import { Notice } from '../../ui/Notice';
import type { FieldProps } from '../FieldProps';
import { openContent, writeContent } from './document';
import type { OpenedContent } from './document';
import type { ContentFieldConfig } from './editorSchema';
import type { ContentState } from './images';
import { PropsForm, PropsFormSourceContext } from './PropsForm';
import './content.css';

export default function ContentEditor({ field, state, onChange, onBlur, context }: FieldProps<ContentField, ContentState>) {
  const descriptionId = useId();
  const [opened, setOpened] = useState<OpenedContent>(() => openContent(field, state));
  let shown = opened;
  // Content from outside (a reset, a reload) opens afresh; our own comes back as the same object.
  if (opened.content !== state) {
    shown = openContent(field, state);
    setOpened(shown);
  }

  const components = (field as ContentFieldConfig).components;
  const schemas = useMemo(
    () => new Map(Object.entries(components ?? {}).map(([name, component]) => [name, component.schema])),
    [components],
  );
  const propsFormSource = useMemo(() => ({ schemas, context }), [schemas, context]);

  const change = (next: EditorState) => {
    const content = writeContent(field, next, state.srcPrefix);
    setOpened({ content, ok: true, state: next });
    onChange(content);
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
