/** Buttons and button-looking links in the admin's three tones. */
import type { ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import type { ButtonProps as AriaButtonProps, LinkProps as AriaLinkProps } from 'react-aria-components';
import { Icon } from './icons';
import type { IconName } from './icons';
import { Tip } from './Tip';

/** primary: the screen's main action; secondary: everything else; critical: destroys something. */
export type Tone = 'primary' | 'secondary' | 'critical';

type ButtonProps = Omit<AriaButtonProps, 'className' | 'children'> & { tone?: Tone; children: ReactNode };

/** While `isPending` (a save under way), a spinner shows in the button, which stays its size. */
export function Button({ tone = 'secondary', children, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={`button button-${tone}`}>
      {({ isPending }) => (
        <>
          {isPending && <span className="button-spinner" aria-hidden="true" />}
          {children}
        </>
      )}
    </AriaButton>
  );
}

type LinkButtonProps = Omit<AriaLinkProps, 'className' | 'children'> & { tone?: Tone; children: ReactNode };

export function LinkButton({ tone = 'secondary', ...props }: LinkButtonProps) {
  return <AriaLink {...props} className={`button button-${tone}`} />;
}

type IconButtonProps = Omit<AriaButtonProps, 'className' | 'children' | 'aria-label'> & {
  icon: IconName;
  /** The accessible name; also shown as the tooltip. */
  label: string;
};

export function IconButton({ icon, label, ...props }: IconButtonProps) {
  return (
    <Tip label={label}>
      <AriaButton {...props} aria-label={label} className="icon-button">
        <Icon name={icon} />
      </AriaButton>
    </Tip>
  );
}

type IconLinkProps = Omit<AriaLinkProps, 'className' | 'children' | 'aria-label'> & {
  icon: IconName;
  label: string;
  bordered?: boolean;
};

export function IconLink({ icon, label, bordered = false, ...props }: IconLinkProps) {
  return (
    <Tip label={label}>
      <AriaLink {...props} aria-label={label} className={bordered ? 'icon-button icon-button-bordered' : 'icon-button'}>
        <Icon name={icon} />
      </AriaLink>
    </Tip>
  );
}
