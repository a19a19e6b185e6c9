/**
 * The counts of the branch on screen (entries per collection, and on other branches than the default
 * one their changes), shared by the sidebar and the dashboard. They load again on every navigation
 * and after every commit, keeping the last counts on screen meanwhile.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { fetchSummary } from '../../api/client';
import type { Summary } from '../../api/wire';
import { useCurrentBranch } from '../branch/CurrentBranch';

type SummaryState = {
  /** Null until the first load answers (or when it failed: counts are extras). */
  summary: Summary | null;
  refresh(): void;
};

const SummaryContext = createContext<SummaryState | null>(null);

export function SummaryProvider({ children }: { children: ReactNode }) {
  const branch = useCurrentBranch();
  const { pathname } = useLocation();
  const [summary, setSummary] = useState<Summary | null>(null);
  // Answers can arrive out of order: only the latest request may set the counts.
  const latest = useRef(0);
  const refresh = useCallback(() => {
    latest.current += 1;
    const request = latest.current;
    fetchSummary(branch).then(
      (value) => request === latest.current && setSummary(value),
      // Counts are extras: a failed load keeps the last ones.
      () => undefined,
    );
  }, [branch]);
  useEffect(refresh, [refresh, pathname]);
  return <SummaryContext.Provider value={{ summary, refresh }}>{children}</SummaryContext.Provider>;
}

export function useSummary(): SummaryState {
  const state = useContext(SummaryContext);
  if (state === null) throw new Error('useSummary needs a SummaryProvider above it');
  return state;
}
