/**
 * The items of an array or blocks field: pressing an item edits it; items reorder by dragging their
 * handle (or, from the keyboard, with the handle or the Move up / Move down buttons) and go with Remove.
 */
import { Button, DropIndicator, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { IconButton } from '../../ui/Button';
import { Icon } from '../../ui/icons';

export type ListedItem = {
  key: string;
  label: string;
  /** The block kind's label, for blocks. */
  kind?: string;
  /** The item's first validation message, shown once validation is forced. */
  problem: string | null;
};

type ItemListProps = {
  label: string;
  items: ListedItem[];
  onEdit(key: string): void;
  onReorder(keys: ReadonlySet<string>, target: string, position: 'before' | 'after'): void;
  onShift(index: number, by: -1 | 1): void;
  onRemove(key: string): void;
};

export function ItemList({ label, items, onEdit, onReorder, onShift, onRemove }: ItemListProps) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': items.find((item) => item.key === key)?.label ?? '' })),
    onReorder(event) {
      const position = event.target.dropPosition === 'before' ? 'before' : 'after';
      onReorder(new Set([...event.keys].map(String)), String(event.target.key), position);
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className="item-drop-indicator" />,
  });
  return (
    <GridList
      className="item-list"
      aria-label={label}
      items={items.map((item, index) => ({ ...item, id: item.key, index }))}
      dragAndDropHooks={dragAndDropHooks}
      onAction={(key) => onEdit(String(key))}
    >
      {(item) => (
        <GridListItem id={item.id} textValue={item.label} className="item-row">
          <Button slot="drag" className="item-drag" aria-label={t('item.drag', { item: item.label })}>
            <Icon name="grip" size={16} />
          </Button>
          <div className="item-text">
            {item.kind !== undefined && <span className="item-kind">{item.kind}</span>}
            <span className="item-label">{item.label}</span>
            {item.problem !== null && (
              <span className="item-problem">
                <Icon name="warning" size={14} />
                {item.problem}
              </span>
            )}
          </div>
          <div className="item-actions">
            <IconButton icon="arrowUp" label={t('item.moveUp')} isDisabled={item.index === 0} onPress={() => onShift(item.index, -1)} />
            <IconButton
              icon="arrowDown"
              label={t('item.moveDown')}
              isDisabled={item.index === items.length - 1}
              onPress={() => onShift(item.index, 1)}
            />
            <IconButton icon="trash" label={t('item.remove')} onPress={() => onRemove(item.key)} />
          </div>
        </GridListItem>
      )}
    </GridList>
  );
}

/** Shown instead of the list while it has no items. */
export function EmptyList() {
  return (
    <div className="item-list-empty">
      <p className="item-list-empty-title">{t('item.emptyTitle')}</p>
      <p className="item-list-empty-message">{t('item.emptyMessage')}</p>
    </div>
  );
}
