/**
 * The choices of a picker field, loaded once the picker is first opened (`open`): opening an entry
 * does not wait for, or download, lists that grow with the site. A picker that searches on the
 * server (`search`, with what is typed) asks again a moment after typing stops, and shows the
 * choices it has meanwhile (the picker filters them by what is typed).
 */
import { useCallback, useEffect, useState } from 'react';

/**
 * `idle`: the picker was not opened yet, so nothing is asked for. `searching`: the choices answer an
 * earlier search, and the server is asked about what is typed now.
 */
export type ChoicesState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded'; choices: string[]; searching?: boolean }
  | { kind: 'error'; message: string };

/** How long typing pauses before the server is asked. */
const SEARCH_DELAY_MS = 150;

/** `load` must keep its identity between renders (wrap it in useCallback). */
export function useChoices(
  load: (term: string) => Promise<string[]>,
): [ChoicesState, open: () => void, search: (term: string) => void] {
  const [wanted, setWanted] = useState(false);
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [settled, setSettled] = useState<{ load: (term: string) => Promise<string[]>; term: string; state: ChoicesState } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    load(term).then(
      (choices) => current && setSettled({ load, term, state: { kind: 'loaded', choices } }),
      (error: unknown) =>
        current && setSettled({ load, term, state: { kind: 'error', message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      current = false;
    };
  }, [load, wanted, term]);
  const open = useCallback(() => setWanted(true), []);
  if (!wanted) return [{ kind: 'idle' }, open, setTyped];
  if (settled === null || settled.load !== load) return [{ kind: 'loading' }, open, setTyped];
  const { state } = settled;
  return [state.kind === 'loaded' && settled.term !== typed ? { ...state, searching: true } : state, open, setTyped];
}
