/** The sidebar's theme picker: follow the system, light or dark. Its code comes after the first screen. */
import { useRef } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { useOpenOnMount } from '../../ui/Deferred';
import { Icon } from '../../ui/icons';
import { COLOR_SCHEMES, schemeIcon, useColorScheme } from './colorScheme';
import type { ColorScheme } from './colorScheme';

const labels: Record<ColorScheme, () => string> = {
  auto: () => t('theme.auto'),
  light: () => t('theme.light'),
  dark: () => t('theme.dark'),
};

export function ThemeMenu({ openOnMount }: { openOnMount: boolean }) {
  const [scheme, setScheme] = useColorScheme();
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useOpenOnMount(openOnMount, trigger);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} className="icon-button" aria-label={t('theme.label')}>
        <Icon name={schemeIcon[scheme]} />
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          aria-label={t('theme.label')}
          selectionMode="single"
          selectedKeys={[scheme]}
          onSelectionChange={(keys) => {
            const [key] = keys === 'all' ? [] : [...keys];
            if (key !== undefined) setScheme(key as ColorScheme);
          }}
        >
          {COLOR_SCHEMES.map((choice) => (
            <MenuItem key={choice} id={choice} className="menu-item">
              <Icon name={schemeIcon[choice]} size={16} />
              {labels[choice]()}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
