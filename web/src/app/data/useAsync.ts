/** Loads data for a screen, restarting whenever the loader changes (callers memoize it on its inputs). */
import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> = { kind: 'loading' } | { kind: 'loaded'; value: T } | { kind: 'error'; error: unknown };

type Settled<T> = { load: () => Promise<T>; generation: number; state: AsyncState<T> };

/** The state of `load()`, and a function that loads again. */
export function useAsync<T>(load: () => Promise<T>): [AsyncState<T>, () => void] {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setSettled({ load, generation, state: { kind: 'loaded', value } }),
      (error: unknown) => current && setSettled({ load, generation, state: { kind: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [load, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  // A result belongs to the loader and generation that produced it; anything older means loading.
  const isCurrent = settled !== null && settled.load === load && settled.generation === generation;
  return [isCurrent ? settled.state : { kind: 'loading' }, reload];
}

/** A readable message for anything a loader threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
