/** Blocks fields: a list of blocks of several kinds; 'Add' offers the kinds by label. */
import { useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { BlocksField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldGroup } from '../../ui/FieldGroup';
import { Icon } from '../../ui/icons';
import { ItemDialog } from '../array/ItemDialog';
import { fillTemplate } from '../array/itemLabel';
import { EmptyList, ItemList } from '../array/ItemList';
import { assertUniqueKeys, moveItems, newItem, shiftItem } from '../array/items';
import type { Item } from '../array/items';
import { unshared } from '../FieldProps';
import type { FieldProps } from '../FieldProps';
import { useKindOf } from '../KindsContext';
import { validateLength } from '../length';
import type { BlockState } from './schema';

/** Which block the dialog edits: a new one of a kind, or the one with this key. */
type Editing = { kind: 'new'; block: string } | { kind: 'edit'; key: string };

export function BlocksFieldView({ field, state, onChange, onBlur, context }: FieldProps<BlocksField, Item<BlockState>[]>) {
  assertUniqueKeys(state);
  const [editing, setEditing] = useState<Editing | null>(null);
  const kindOf = useKindOf();
  const validation = { slugRules: context.slugRules };
  const error = context.forced ? validateLength(state.length, field.validation.length) : null;
  const listed = state.map((item) => {
    const block = field.blocks[item.value.discriminant];
    const text = block?.itemLabel ? fillTemplate(block.itemLabel, block.schema, item.value.value, kindOf).trim() : '';
    const schema = block?.schema;
    return {
      key: item.key,
      kind: block?.label ?? item.value.discriminant,
      label: text,
      problem: context.forced && schema ? kindOf(schema).schema.validate(schema, item.value.value, validation) : null,
    };
  });
  const edited = editing?.kind === 'edit' ? state.find((item) => item.key === editing.key) : undefined;
  const editedKind = editing?.kind === 'new' ? editing.block : (edited?.value.discriminant ?? '');
  const editedBlock = field.blocks[editedKind];
  const change = (items: Item<BlockState>[]) => {
    onChange(items);
    onBlur();
  };

  return (
    <FieldGroup label={field.label} description={field.description} error={error} isRequired={field.validation.length.min > 0}>
      <div className="item-toolbar">
        <MenuTrigger>
          <AriaButton className="button button-secondary">
            {t('item.addButton')}
            <span className="select-chevron">
              <Icon name="chevronRight" size={16} />
            </span>
          </AriaButton>
          <Popover className="popover" placement="bottom start">
            <Menu className="menu" onAction={(key) => setEditing({ kind: 'new', block: String(key) })}>
              {Object.entries(field.blocks).map(([key, block]) => (
                <MenuItem key={key} id={key} className="menu-item">
                  {block.label}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
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
      {editing !== null && editedBlock !== undefined && (
        <ItemDialog
          isNew={editing.kind === 'new'}
          subtitle={editedBlock.label}
          field={editedBlock.schema}
          initial={edited === undefined ? kindOf(editedBlock.schema).schema.defaultState(editedBlock.schema) : edited.value.value}
          context={unshared(context)}
          validation={validation}
          onCancel={() => setEditing(null)}
          onConfirm={(value) => {
            setEditing(null);
            const block = { discriminant: editedKind, value };
            change(edited === undefined ? [...state, newItem(block)] : state.map((item) => (item === edited ? { ...item, value: block } : item)));
          }}
        />
      )}
    </FieldGroup>
  );
}
