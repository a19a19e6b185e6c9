/**
 * The list's search term: typed into state at once, mirrored into `?search=` 300 ms after typing stops
 * (replacing the history entry, so the back button skips keystrokes); the server is asked for that
 * settled term.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const DEBOUNCE_MS = 300;

export function useSearchTerm(): [string, (term: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const [term, setTerm] = useState(() => params.get('search') ?? '');
  const inUrl = params.get('search') ?? '';
  useEffect(() => {
    if (term === inUrl) return;
    const timer = window.setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (term === '') next.delete('search');
          else next.set('search', term);
          return next;
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [term, inUrl, setParams]);
  return [term, setTerm, inUrl];
}
