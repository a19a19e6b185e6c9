/** Array fields: a list of items edited in the 'Add item' / 'Edit item' dialog. */
import { useState } from 'react';
import type { ArrayField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { FieldGroup } from '../../ui/FieldGroup';
import { unshared } from '../FieldProps';
import type { FieldProps } from '../FieldProps';
import { useKindOf } from '../KindsContext';
import { validateLength } from '../length';
import { ItemDialog } from './ItemDialog';
import { itemLabel } from './itemLabel';
import { EmptyList, ItemList } from './ItemList';
import { assertUniqueKeys, moveItems, newItem, shiftItem } from './items';
import type { Item } from './items';
import { itemValidationContext } from './schema';

/** Which item the dialog edits: a new one, or the one with this key. */
type Editing = { kind: 'new' } | { kind: 'edit'; key: string };

export function ArrayFieldView({ field, state, onChange, onBlur, context }: FieldProps<ArrayField, Item[]>) {
  assertUniqueKeys(state);
  const [editing, setEditing] = useState<Editing | null>(null);
  const kindOf = useKindOf();
  const element = kindOf(field.element).schema;
  const validation = { slugRules: context.slugRules };
  const itemContext = (index: number) => itemValidationContext(field, state, index, validation);
  const error = context.forced ? validateLength(state.length, field.validation.length) : null;
  const listed = state.map((item, index) => ({
    key: item.key,
    label: itemLabel(field.itemLabel, field.element, item.value, index, kindOf),
    problem: context.forced ? element.validate(field.element, item.value, itemContext(index)) : null,
  }));
  const editIndex = editing?.kind === 'edit' ? state.findIndex((item) => item.key === editing.key) : -1;
  const edited = state[editIndex];
  const change = (items: Item[]) => {
    onChange(items);
    onBlur();
  };

  return (
    <FieldGroup label={field.label} description={field.description} error={error} isRequired={field.validation.length.min > 0}>
      <div className="item-toolbar">
        <Button onPress={() => setEditing({ kind: 'new' })}>{t('item.addButton')}</Button>
      </div>
      {state.length === 0 ? (
        <EmptyList />
      ) : (
        <ItemList
          label={field.label}
          items={listed}
          onEdit={(key) => setEditing({ kind: 'edit', key })}
          onReorder={(keys, target, position) => change(moveItems(state, keys, target, position))}
          onShift={(index, by) => change(shiftItem(state, index, by))}
          onRemove={(key) => change(state.filter((item) => item.key !== key))}
        />
      )}
      {editing !== null && (
        <ItemDialog
          isNew={editing.kind === 'new'}
          field={field.element}
          initial={edited === undefined ? element.defaultState(field.element) : edited.value}
          context={unshared(context)}
          // A new item validates as the last one: its slug must differ from every other item's.
          validation={edited === undefined ? itemValidationContext(field, [...state, newItem(null)], state.length, validation) : itemContext(editIndex)}
          onCancel={() => setEditing(null)}
          onConfirm={(value) => {
            setEditing(null);
            change(edited === undefined ? [...state, newItem(value)] : state.map((item) => (item === edited ? { ...item, value } : item)));
          }}
        />
      )}
    </FieldGroup>
  );
}
