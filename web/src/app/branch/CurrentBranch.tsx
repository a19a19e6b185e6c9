/**
 * The branch the screens read and write: the URL's branch for git storage, null for local storage
 * (which has none; requests then name no branch).
 */
import { createContext, useContext } from 'react';

export const CurrentBranchContext = createContext<string | null>(null);

export function useCurrentBranch(): string | null {
  return useContext(CurrentBranchContext);
}
