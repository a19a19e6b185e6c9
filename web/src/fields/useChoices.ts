/**
 * The choices of a picker field while they load, once the picker is first opened (`open`): opening
 * an entry does not wait for, or download, lists that grow with the site. The app caches them, so
 * each list loads once.
 */
import { useCallback, useEffect, useState } from 'react';

export type ChoicesState = { kind: 'loading' } | { kind: 'loaded'; choices: string[] } | { kind: 'error'; message: string };

/** `load` must keep its identity between renders (wrap it in useCallback). */
export function useChoices(load: () => Promise<string[]>): [ChoicesState, open: () => void] {
  const [wanted, setWanted] = useState(false);
  const [settled, setSettled] = useState<{ load: () => Promise<string[]>; state: ChoicesState } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    load().then(
      (choices) => current && setSettled({ load, state: { kind: 'loaded', choices } }),
      (error: unknown) =>
        current && setSettled({ load, state: { kind: 'error', message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      current = false;
    };
  }, [load, wanted]);
  const open = useCallback(() => setWanted(true), []);
  return [settled !== null && settled.load === load ? settled.state : { kind: 'loading' }, open];
}
