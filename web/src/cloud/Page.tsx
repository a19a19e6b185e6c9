/**
 * What every page of the cloud shares: its frame (the cloud's name, the page's heading, focused
 * after each navigation so that a screen reader starts there, and the window's title), loading what
 * a page shows (a 401 leads to signing in, then back), running an action with its error shown
 * beside the control that started it, and a link shown to copy.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import slugify from '@sindresorhus/slugify';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { Notice } from '../ui/Notice';
import { LoadingState } from '../ui/Spinner';
import { TextInputField } from '../ui/TextInputField';
import { CloudError } from './api';
import { ct } from './messages';

type PageProps = {
  title: string;
  /** `wide` for a page of lists (a team), else a column the width of a form. */
  width?: 'narrow' | 'wide';
  /** Whether the header links to the account (pages of someone signed in). */
  accountLink?: boolean;
  children: ReactNode;
};

export function Page({ title, width = 'narrow', accountLink = false, children }: PageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    document.title = `${title} – ${ct('cloud.name')}`;
  }, [title]);
  useEffect(() => {
    // The first page of a visit keeps the browser's own start; later ones start at their heading.
    if (key !== 'default') heading.current?.focus();
  }, [key]);
  return (
    <div className="cloud">
      <header className="cloud-header">
        <span className="cloud-brand">
          <svg className="cloud-mark" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M20 3C12 4 6 9 4.5 19.5L6 21c1-3.5 3-6 5.5-7.5L15 13l-2-1 4-3-2-.5C17 7 19 5 20 3Z" fill="currentColor" />
          </svg>
          {ct('cloud.name')}
        </span>
        {accountLink && (
          <nav aria-label={ct('cloud.name')}>
            <Link className="cloud-header-link" to="/account">
              <Icon name="user" size={16} />
              {ct('page.account')}
            </Link>
          </nav>
        )}
      </header>
      <main className={`cloud-main cloud-main-${width}`}>
        <h1 className="cloud-title" ref={heading} tabIndex={-1}>
          <bdi>{title}</bdi>
        </h1>
        {children}
      </main>
    </div>
  );
}

/** The words of a failed call: the server's message, or why there was none; another failure's message. */
export function errorText(error: unknown): string {
  if (error instanceof CloudError) return error.code === 'network' ? ct('error.network') : error.message;
  if (error instanceof Error && error.message !== '') return error.message;
  return String(error);
}

/** Leaves the pages for an address the server answers (`/oauth/authorize`, an admin's callback). */
export function goTo(href: string): void {
  window.location.assign(href);
}

/** Where to sign in from `pathname`, coming back to it. */
export function signInFrom(pathname: string): string {
  return `/sign-in?${new URLSearchParams({ next: pathname })}`;
}

export type Loaded<T> = { value: T | null; error: CloudError | null; reload(): void };

/**
 * What `load` answers, loaded when the page shows and again on `reload()` (the value stays shown
 * meanwhile); a new `load` (another team) starts afresh. `load` must keep its identity between
 * renders (`useCallback`).
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ load: () => Promise<T>; value: T | null; error: CloudError | null } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ load, value, error: null }),
      (error: unknown) =>
        live && setState({ load, value: null, error: error instanceof CloudError ? error : new CloudError(0, 'network', String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = state !== null && state.load === load ? state : null;
  return { value: current?.value ?? null, error: current?.error ?? null, reload };
}

/**
 * A page's content once loaded: a spinner until then; signing in when no one is (`signIn`, else
 * back to this page after); the failure, with a way to try again.
 */
export function Loading<T>({ loaded, signIn, children }: { loaded: Loaded<T>; signIn?: string; children(value: T): ReactNode }) {
  const { pathname } = useLocation();
  if (loaded.error?.status === 401) return <Navigate replace to={signIn ?? signInFrom(pathname)} />;
  if (loaded.error !== null) {
    return (
      <Notice tone="critical" title={ct('page.failed')}>
        <p>{errorText(loaded.error)}</p>
        <div className="notice-actions">
          <Button onPress={loaded.reload}>{ct('page.retry')}</Button>
        </div>
      </Notice>
    );
  }
  if (loaded.value === null) return <LoadingState label={ct('page.loading')} />;
  return <>{children(loaded.value)}</>;
}

export type Action = {
  isPending: boolean;
  /** The last run's failure, to show beside the control that ran it. */
  error: string | null;
  /** Runs `action` unless one runs already; true when it succeeded. */
  run(action: () => Promise<unknown>): Promise<boolean>;
};

export function useAction(): Action {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(errorText(failure));
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { isPending, error, run };
}

/**
 * A failure of a form or a control, said where it happened; `id` is for the control's
 * `aria-describedby`, so that it is read with it.
 */
export function ActionError({ id, error }: { id?: string; error: string | null }) {
  if (error === null) return null;
  return (
    <p id={id} className="field-error cloud-error" role="alert">
      <Icon name="warning" size={16} />
      <span>{error}</span>
    </p>
  );
}

/** The fields of `values` left empty, each with its message; null stands for a field not asked for. */
export function missing<K extends string>(values: Record<K, string | null>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(values) as K[]) if (values[key]?.trim() === '') errors[key] = ct('form.required');
  return errors;
}

/** A form's values, each a text field's. */
export type Values = Record<string, string>;

/** What `send` may do to the form's values once it is sent (clear them, show what was saved). */
export type FormValues<V extends Values> = {
  /** Sets values without touching errors or `saved`. */
  set(changed: Partial<V>): void;
  /** Back to the values the form started with. */
  reset(): void;
};

type FormOptions<V extends Values> = {
  /** The fields that may not be left empty: every one unless said. */
  required?: readonly (keyof V & string)[];
};

/**
 * A form's values and submission: kept from the browser's own, and refused while a required field
 * is empty, the first such field then focused; else `send` runs with the values. `saved` says the
 * last submission succeeded, until a field is typed in again.
 */
export function useForm<V extends Values>(
  initial: V,
  send: (values: V, form: FormValues<V>) => Promise<unknown>,
  options: FormOptions<V> = {},
) {
  type K = keyof V & string;
  const action = useAction();
  const errorId = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [saved, setSaved] = useState(false);
  const keys = Object.keys(initial) as K[];
  const isRequired = (key: K) => (options.required ?? keys).includes(key);
  const set = (changed: Partial<V>) => setValues((current) => ({ ...current, ...changed }));
  const reset = () => setValues(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // A field not required is left out of the check, as one not asked for.
    const asked = Object.fromEntries(keys.map((key) => [key, isRequired(key) ? values[key] : null])) as Record<K, string | null>;
    const found = missing(asked);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Once React has marked the fields invalid.
      window.setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void action.run(async () => {
      setSaved(false);
      await send(values, { set, reset });
      setSaved(true);
    });
  };
  /** A field's error, cleared as soon as it is typed in. */
  const errorOf = (key: K) => errors[key] ?? null;
  /** What a text field takes: its value, its error, typing that clears both the error and `saved`, and whether it is required. */
  const field = (key: K) => ({
    value: values[key],
    onChange(value: string) {
      set({ [key]: value } as Partial<V>);
      setSaved(false);
      if (errors[key] !== undefined) setErrors((current) => ({ ...current, [key]: undefined }));
    },
    error: errorOf(key),
    isRequired: isRequired(key),
  });
  return { values, field, set, reset, submit, action, errorId, saved };
}

/** What a form's submit button shows of it: its progress, its failure and whether it saved. */
export type Submission = { action: Action; errorId: string; saved: boolean };

/** A form's submit button, described by the form's failure while there is one. */
export function SubmitButton({ form, children }: { form: Submission; children: ReactNode }) {
  return (
    <Button
      tone="primary"
      type="submit"
      isPending={form.action.isPending}
      aria-describedby={form.action.error === null ? undefined : form.errorId}
    >
      {children}
    </Button>
  );
}

/** The end of a form: its failure, its submit button and, with `savedText`, that it saved. */
export function FormActions({ form, savedText, children }: { form: Submission; savedText?: string; children: ReactNode }) {
  return (
    <>
      <ActionError id={form.errorId} error={form.action.error} />
      <div className="cloud-actions">
        <SubmitButton form={form}>{children}</SubmitButton>
        {savedText !== undefined && (
          <p className="cloud-status" role="status">
            {form.saved ? savedText : ''}
          </p>
        )}
      </div>
    </>
  );
}

/** A team or project slug suggested from its name: lowercase letters, digits and dashes, at most 40. */
export function suggestSlug(name: string): string {
  return slugify(name, { decamelize: false }).slice(0, 40).replace(/^-+|-+$/g, '');
}

/** A link handed out (an invitation, a password link), shown to read and copy. */
export function CopyField({ label, value, description }: { label: string; value: string; description?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="cloud-copy">
      <TextInputField
        label={label}
        description={description}
        value={value}
        onChange={() => undefined}
        isReadOnly
        monospace
        trailing={
          <Button
            onPress={() => {
              navigator.clipboard.writeText(value).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            <Icon name="copy" size={16} />
            {ct('form.copy')}
          </Button>
        }
      />
      <p className="cloud-status" role="status">
        {copied ? ct('form.copied') : ''}
      </p>
    </div>
  );
}
