/**
 * A menu or picker whose code comes after the first screen has shown: a stand-in trigger, looking
 * and named the same, holds its place. The code comes when the browser is idle after the screen
 * shows, or as soon as the stand-in is pointed at or focused; pressing the stand-in puts the real
 * control in its place, open, with focus on its trigger so that closing returns there. The swap
 * happens only on that press, so no press is ever lost half-way between the two.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Button } from 'react-aria-components';
import { afterScreenShown } from '../lib/screenShown';
import type { LazyComponent } from './lazyComponent';

type DeferredProps<P extends object> = {
  control: LazyComponent<P & { openOnMount: boolean }>;
  props: P;
  /** The stand-in trigger; `press` brings the control and opens it. */
  trigger(press: () => void): ReactNode;
};

export function Deferred<P extends object>({ control: Control, props, trigger }: DeferredProps<P>) {
  // Once the code is here (the control was used before), the real control shows from the start.
  const [state, setState] = useState<'standing' | 'pressed' | 'ready'>(() => (Control.isLoaded() ? 'ready' : 'standing'));
  const standIn = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = standIn.current;
    if (state !== 'standing' || element === null) return;
    const fetch = () => void Control.preload().catch(() => undefined);
    const cancel = afterScreenShown(fetch);
    element.addEventListener('pointerenter', fetch);
    element.addEventListener('focusin', fetch);
    return () => {
      cancel();
      element.removeEventListener('pointerenter', fetch);
      element.removeEventListener('focusin', fetch);
    };
  }, [state, Control]);
  const stand = (
    <span ref={standIn} className="deferred">
      {trigger(() => setState('pressed'))}
    </span>
  );
  if (state === 'standing') return stand;
  return (
    <Suspense fallback={stand}>
      <Control {...props} openOnMount={state === 'pressed'} />
    </Suspense>
  );
}

/**
 * A deferred control's open state: closed, or, when its stand-in was pressed, open at once with
 * focus first on its trigger (where closing returns it).
 */
export function useOpenOnMount(openOnMount: boolean, trigger: RefObject<HTMLElement | null>): [boolean, (isOpen: boolean) => void] {
  const [isOpen, setOpen] = useState(false);
  const pressed = useRef(openOnMount);
  useEffect(() => {
    if (!pressed.current) return;
    trigger.current?.focus();
    setOpen(true);
  }, [trigger]);
  return [isOpen, setOpen];
}

type StandInProps = {
  className: string;
  /** The accessible name, where the content does not give it. */
  label?: string;
  /** What the real trigger opens: a menu or a list of options. */
  popup: 'menu' | 'listbox';
  onPress(): void;
  children: ReactNode;
};

/** The stand-in trigger: a button announced as the real one is, collapsed. */
export function StandIn({ className, label, popup, onPress, children }: StandInProps) {
  return (
    <Button
      className={className}
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={false}
      onPress={onPress}
      // Arrow keys open menus and pickers too.
      onKeyDown={(event) => (event.key === 'ArrowDown' || event.key === 'ArrowUp' ? onPress() : event.continuePropagation())}
    >
      {children}
    </Button>
  );
}
