import { useCallback } from 'react';
import { Button, Tag, TagGroup, TagList } from 'react-aria-components';
import type { MultiRelationshipField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { ComboBoxField } from '../../ui/ComboBoxField';
import { Icon } from '../../ui/icons';
import type { FieldProps } from '../FieldProps';
import { choicesEmptyText, choicesLoadingLabel } from '../choicesText';
import { validateLength } from '../length';
import { useChoices } from '../useChoices';

/**
 * The chosen entries as removable chips, and a searchable picker that adds one more. Length
 * messages show only once validation is forced.
 */
export function MultiRelationshipFieldView({ field, state, onChange, onBlur, context }: FieldProps<MultiRelationshipField, string[]>) {
  const load = useCallback((term: string) => context.choices.entrySlugs(field.collection, term), [context.choices, field.collection]);
  const [choices, openChoices, search] = useChoices(load);
  const available = choices.kind === 'loaded' ? choices.choices.filter((slug) => !state.includes(slug)) : [];
  const error = context.forced ? validateLength(state.length, field.validation.length) : null;
  return (
    <div className="field-group field-group-tight">
      <ComboBoxField
        label={field.label}
        description={field.description}
        choices={available}
        value={null}
        onChange={(slug) => slug !== null && onChange([...state, slug])}
        onBlur={onBlur}
        error={error}
        isRequired={field.validation.length.min > 0}
        emptyText={choicesEmptyText(choices)}
      loadingLabel={choicesLoadingLabel(choices)}
        onOpen={openChoices}
        onSearch={search}
        clearsAfterChoice
      />
      {state.length > 0 && (
        <TagGroup
          className="tag-group"
          aria-label={t('choices.chosen', { label: field.label })}
          onRemove={(keys) => onChange(state.filter((_slug, index) => !keys.has(index)))}
        >
          {/*
            Chips are keyed by position: a file may list the same slug twice. The remove button's name
            is its own label followed by its chip's text ('Remove {slug}'), so the label is 'Remove' alone.
          */}
          <TagList className="tag-list" items={state.map((slug, index) => ({ id: index, slug }))}>
            {(item) => (
              <Tag className="tag" id={item.id} textValue={item.slug}>
                {item.slug}
                <Button slot="remove" className="tag-remove" aria-label={t('item.remove')}>
                  <Icon name="close" size={14} />
                </Button>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      )}
    </div>
  );
}
