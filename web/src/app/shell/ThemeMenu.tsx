/** The sidebar's theme picker: follow the system, light or dark. */
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Icon } from '../../ui/icons';
import type { IconName } from '../../ui/icons';
import { useColorScheme } from './colorScheme';
import type { ColorScheme } from './colorScheme';

const choices: { id: ColorScheme; icon: IconName; label: () => string }[] = [
  { id: 'auto', icon: 'monitor', label: () => t('theme.auto') },
  { id: 'light', icon: 'sun', label: () => t('theme.light') },
  { id: 'dark', icon: 'moon', label: () => t('theme.dark') },
];

export function ThemeMenu() {
  const [scheme, setScheme] = useColorScheme();
  const current = choices.find((choice) => choice.id === scheme) ?? choices[0]!;
  return (
    <MenuTrigger>
      <Button className="icon-button" aria-label={t('theme.label')}>
        <Icon name={current.icon} />
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
          {choices.map((choice) => (
            <MenuItem key={choice.id} id={choice.id} className="menu-item">
              <Icon name={choice.icon} size={16} />
              {choice.label()}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
