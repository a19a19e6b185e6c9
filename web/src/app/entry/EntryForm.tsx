/**
 * The fields of an entry in schema order. With the 'content' layout, when the admin's main area is
 * wider than a phone, a split view shows the content field in the main pane and the other fields in
 * a resizable side pane, its width remembered per collection or singleton; narrower, one column.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useParams } from 'react-router';
import type { EntryLayout, Field } from '../../api/config';
import type { EntryShape } from '../../entry/shape';
import { valueAt } from '../../fields/FieldProps';
import { FieldView } from '../../fields/FieldView';
import { standaloneSlugRules } from '../../fields/kind';
import type { SlugRules } from '../../fields/kind';
import { isHidden } from '../../fields/kindEntry';
import { KindsContext } from '../../fields/KindsContext';
import { kindOf } from '../../fields/registry';
import { isContentField, isRichTextField } from '../../fields/richText';
import { t } from '../../lib/messages/format';
import { SplitView } from '../../ui/SplitView';
import { FieldPeople } from '../collab/EntryPresence';
import type { SharedEntry } from '../../collab/sharedEntry';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { cloudImagesFor } from '../data/cloudImages';
import { useCloudSession, useConfig } from '../data/ConfigProvider';
import { createFieldChoices } from '../data/fieldChoices';
import type { EntryEditor } from './useEntryEditor';
import { bodyField } from '../../entry/bodyField';

type EntryFormProps = {
  id: string;
  shape: EntryShape;
  layout: EntryLayout;
  editor: EntryEditor;
  isNew: boolean;
  slugRules: SlugRules;
  onSubmit(): void;
  /** The entry's shared document, while others may edit it at once. */
  shared?: SharedEntry | null;
  /** The form opened with a draft of this browser's: content fields weigh it against the saved values. */
  draft?: boolean;
};

/** The side pane's width: default, minimum and maximum (Keystatic's). */
const SIDE_PANE = { defaultSize: 320, minSize: 240, maxSize: 480 };

/** The tablet breakpoint (as SMALL_SCREEN), measured on the main area beside the sidebar. */
const ABOVE_MOBILE = 768;

export function EntryForm({ id, shape, layout, editor, isNew, slugRules, onSubmit, shared = null, draft = false }: EntryFormProps) {
  const fields = Object.entries(shape.schema).filter(([, field]) => !isHidden(kindOf(field)));
  const branch = useCurrentBranch();
  const [choices] = useState(() => createFieldChoices(branch));
  const cloud = useCloudSession();
  const hasCloud = useConfig().cloud !== null;
  const cloudImages = useMemo(() => cloudImagesFor(cloud, hasCloud), [cloud, hasCloud]);
  const { collection, singleton } = useParams();
  const formRef = useRef<HTMLFormElement>(null);
  const mainKey = layout === 'content' ? contentKey(shape, fields) : null;
  const canSplit = mainKey !== null && fields.length > 1;
  const aboveMobile = useAboveMobile(formRef, canSplit);
  // Values put in from outside (a reset, a paste) go to everyone on the entry, the content fields'
  // texts through their editors (see FieldContext.replaced).
  const { formKey } = editor;
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  });
  useEffect(() => {
    if (shared === null || formKey === 0) return;
    const { state } = latest.current;
    shared.publishFields(Object.fromEntries(fields.filter(([, field]) => !isRichTextField(field)).map(([key]) => [key, state[key]])));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per replacement of the values
  }, [shared, formKey]);
  const render = ([key, field]: [string, Field]) => (
    <div key={key} className={key === mainKey ? 'entry-field entry-field-main' : 'entry-field'} data-field={key}>
      <FieldPeople field={key} />
      <FieldView
        field={field}
        state={editor.state[key]}
        onChange={(value) => editor.setField(key, value)}
        onBlur={() => {
          editor.touch(key);
          // What a field holds as it loses focus is what the others see in it.
          if (shared !== null && !isRichTextField(field)) shared.publishField(key, editor.current().state[key]);
        }}
        error={editor.visibleError(key)}
        context={{
          isNew,
          slugRules: key === shape.slugField ? slugRules : standaloneSlugRules,
          forced: editor.isForced(key),
          choices,
          cloudImages,
          shared: shared ?? undefined,
          replaced: editor.formKey > 0,
          path: [key],
          savedAt: draft ? (path) => valueAt(editor.loaded.state, path) : undefined,
        }}
      />
    </div>
  );
  const split = canSplit && aboveMobile === true;
  return (
    // Fields of every kind, nested ones too, find their kind's entry here.
    <KindsContext value={kindOf}>
      <form
        id={id}
        key={editor.formKey}
        ref={formRef}
        className={split ? 'entry-form entry-form-split' : 'entry-form'}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {split ? (
          <SplitView
            className="entry-split"
            id={collection ?? singleton ?? ''}
            label={t('entry.resizeSidePane')}
            {...SIDE_PANE}
            main={<div className="entry-split-main">{fields.filter(([key]) => key === mainKey).map(render)}</div>}
            side={<div className="entry-split-side">{fields.filter(([key]) => key !== mainKey).map(render)}</div>}
          />
        ) : (
          // Until the main area is measured, fields that may move into panes wait rather than mount twice.
          (!canSplit || aboveMobile !== null) && fields.map(render)
        )}
      </form>
    </KindsContext>
  );
}

/** The format's content field, else the first content field of the schema; null when it is hidden. */
function contentKey(shape: EntryShape, fields: [string, Field][]): string | null {
  const key = bodyField(shape.schema, shape.format)?.topKey ?? fields.find(([, field]) => isContentField(field))?.[0];
  return fields.some(([name]) => name === key) ? (key ?? null) : null;
}

/**
 * Whether the admin's main area (the room beside the sidebar, as Keystatic measures its content panel)
 * is wider than a phone; null until it was measured, or when `enabled` is false.
 */
function useAboveMobile(form: RefObject<HTMLFormElement | null>, enabled: boolean): boolean | null {
  const [aboveMobile, setAboveMobile] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    if (!enabled) return;
    const area = form.current?.closest('main') ?? document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAboveMobile(entry.contentRect.width >= ABOVE_MOBILE);
    });
    observer.observe(area);
    return () => observer.disconnect();
  }, [form, enabled]);
  return enabled ? aboveMobile : null;
}
