/**
 * The sidebar's theme menu: follow the system, light or dark; and the admin's language, each
 * locale by its own name. Choosing a language keeps it (`quire-locale`) and loads the page again in
 * it (unsaved changes are kept as drafts). Without sign-in, it also sets the name collaborators see
 * and, where saves are commits, the author of the commits saved here.
 * Its code comes after the first screen.
 */
import { useRef, useState } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import { currentLocale, t } from '../../lib/messages/format';
import { intlLocale, isSupportedLocale, localeDirection, localeName, storeLocale, supportedLocales } from '../../lib/messages/locale';
import { useOpenOnMount } from '../../ui/Deferred';
import { Icon } from '../../ui/icons';
import { CollabNameDialog } from '../collab/CollabNameDialog';
import { useCapabilities, useConfig, useUser } from '../data/ConfigProvider';
import { COLOR_SCHEMES, schemeIcon, useColorScheme } from './colorScheme';
import type { ColorScheme } from './colorScheme';

const labels: Record<ColorScheme, () => string> = {
  auto: () => t('theme.auto'),
  light: () => t('theme.light'),
  dark: () => t('theme.dark'),
};

/** Every locale by its own name, in the order of those names. */
function languages() {
  return supportedLocales
    .map((locale) => ({ locale, name: localeName(locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, intlLocale(currentLocale())));
}

export function ThemeMenu({ openOnMount }: { openOnMount: boolean }) {
  const [scheme, setScheme] = useColorScheme();
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useOpenOnMount(openOnMount, trigger);
  const locale = currentLocale();
  // Where the server does not know people, they name themselves for collaborators and commits.
  const { collaboration } = useConfig();
  const user = useUser();
  const { namedAuthors } = useCapabilities();
  const canName = user === null && (collaboration || namedAuthors);
  const [naming, setNaming] = useState(false);
  return (
    <>
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} className="icon-button" aria-label={t('theme.label')}>
        <Icon name={schemeIcon[scheme]} />
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="menu" aria-label={t('theme.label')}>
          <MenuSection
            className="menu-section"
            selectionMode="single"
            selectedKeys={[scheme]}
            onSelectionChange={(keys) => {
              const [key] = keys === 'all' ? [] : [...keys];
              if (key !== undefined) setScheme(key as ColorScheme);
            }}
          >
            <Header className="menu-section-header">{t('theme.label')}</Header>
            {COLOR_SCHEMES.map((choice) => (
              <MenuItem key={choice} id={choice} className="menu-item">
                <Icon name={schemeIcon[choice]} size={16} />
                {labels[choice]()}
              </MenuItem>
            ))}
          </MenuSection>
          <MenuSection
            className="menu-section"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[locale]}
            onSelectionChange={(keys) => {
              const [key] = keys === 'all' ? [] : [...keys];
              if (!isSupportedLocale(key) || key === locale) return;
              storeLocale(key);
              // Every screen starts again in the new language; drafts keep what was being edited.
              window.location.reload();
            }}
          >
            <Header className="menu-section-header">{t('language.label')}</Header>
            {languages().map(({ locale: choice, name }) => (
              <MenuItem key={choice} id={choice} className="menu-item" textValue={name}>
                <span lang={intlLocale(choice)} dir={localeDirection(choice)}>
                  {name}
                </span>
              </MenuItem>
            ))}
          </MenuSection>
          {canName && (
            <MenuSection className="menu-section">
              <MenuItem id="collab-name" className="menu-item" onAction={() => setNaming(true)}>
                <Icon name="user" size={16} />
                {t('collab.nameMenu')}
              </MenuItem>
            </MenuSection>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
    {naming && <CollabNameDialog onClose={() => setNaming(false)} />}
    </>
  );
}
