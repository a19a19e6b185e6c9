/**
 * The list's search box. On small screens it folds into a button and hides again 250 ms after it
 * is cleared, so the title keeps its room.
 */
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Button as AriaButton, Input, SearchField } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Icon } from '../../ui/icons';
import { SMALL_SCREEN, useMediaQuery } from '../useMediaQuery';

const HIDE_AFTER_CLEAR_MS = 250;

type SearchBoxProps = { term: string; onChange: (term: string) => void; inputRef: RefObject<HTMLInputElement | null> };

export function SearchBox({ term, onChange, inputRef }: SearchBoxProps) {
  const small = useMediaQuery(SMALL_SCREEN);
  const [open, setOpen] = useState(term !== '');
  // Only clearing hides the field: a timer started when the list opens would close a field the
  // user has just opened.
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  const change = (value: string) => {
    onChange(value);
    window.clearTimeout(hideTimer.current);
    if (small && value === '') hideTimer.current = window.setTimeout(() => setOpen(false), HIDE_AFTER_CLEAR_MS);
  };
  if (small && !open && term === '') {
    return (
      <AriaButton className="icon-button" aria-label={t('list.search')} onPress={() => setOpen(true)}>
        <Icon name="search" size={16} />
      </AriaButton>
    );
  }
  return (
    <SearchField className="search-field" aria-label={t('list.search')} value={term} onChange={change} autoFocus={small}>
      <Icon name="search" size={16} />
      <Input ref={inputRef} className="input" placeholder={t('list.search')} />
      <AriaButton className="icon-button search-clear" aria-label={t('list.clearSearch')}>
        <Icon name="close" size={16} />
      </AriaButton>
    </SearchField>
  );
}
