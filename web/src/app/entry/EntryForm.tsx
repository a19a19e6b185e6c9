/**
 * The fields of an entry in schema order. With the 'content' layout, wide screens show the content
 * field in a main column beside the other fields (narrow screens keep schema order).
 */
import { useState } from 'react';
import type { EntryLayout, Field } from '../../api/config';
import type { EntryShape } from '../../fields/entry';
import { FieldView } from '../../fields/FieldView';
import { standaloneSlugRules } from '../../fields/kind';
import type { SlugRules } from '../../fields/kind';
import { isContentField, isHiddenField } from '../../fields/registry';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { createFieldChoices } from '../data/fieldChoices';
import type { EntryEditor } from './useEntryEditor';

type EntryFormProps = {
  id: string;
  shape: EntryShape;
  layout: EntryLayout;
  editor: EntryEditor;
  isNew: boolean;
  slugRules: SlugRules;
  onSubmit(): void;
};

export function EntryForm({ id, shape, layout, editor, isNew, slugRules, onSubmit }: EntryFormProps) {
  const fields = Object.entries(shape.schema).filter(([, field]) => !isHiddenField(field));
  const branch = useCurrentBranch();
  const [choices] = useState(() => createFieldChoices(branch));
  const mainKey = layout === 'content' ? contentKey(shape, fields) : null;
  const render = ([key, field]: [string, Field]) => (
    <div key={key} className={key === mainKey ? 'entry-field entry-field-main' : 'entry-field'}>
      <FieldView
        field={field}
        state={editor.state[key]}
        onChange={(value) => editor.setField(key, value)}
        onBlur={() => editor.touch(key)}
        error={editor.visibleError(key)}
        context={{ isNew, slugRules: key === shape.slugField ? slugRules : standaloneSlugRules, forced: editor.forced, choices }}
      />
    </div>
  );
  return (
    <form
      id={id}
      key={editor.formKey}
      className={mainKey === null ? 'entry-form' : 'entry-form entry-form-split'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {fields.map(render)}
    </form>
  );
}

/** The format's content field, else the first content field of the schema. */
function contentKey(shape: EntryShape, fields: [string, Field][]): string | null {
  return shape.format.contentField ?? fields.find(([, field]) => isContentField(field))?.[0] ?? null;
}
