/**
 * The routes of git storage: every screen below `/branch/{branch}`, other paths sent to the same
 * screen on the default branch, and the spec's screen for a branch the repository does not have.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { t } from '../../lib/messages/format';
import { LinkButton } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { SummaryProvider } from '../data/SummaryProvider';
import { branchHrefs, onBranch } from '../hrefs';
import { Shell } from '../shell/Shell';
import type { BranchList } from './BranchList';
import { CurrentBranchContext } from './CurrentBranch';

/** The element of `branch/:branch`: the shell on that branch, fresh for each branch. */
export function BranchScope({ list }: { list: BranchList }) {
  const { branch = '' } = useParams();
  const isKnown = list.branches.some((candidate) => candidate.name === branch);
  // A branch made since the list loaded (with the git command line, say) is looked for once more.
  const [lookedAgainFor, setLookedAgainFor] = useState<string | null>(null);
  const { reload } = list;
  useEffect(() => {
    if (isKnown || lookedAgainFor === branch) return;
    reload().finally(() => setLookedAgainFor(branch));
  }, [isKnown, branch, lookedAgainFor, reload]);
  if (!isKnown) {
    if (lookedAgainFor !== branch) return <LoadingState label={t('shell.loading')} />;
    return <BranchNotFound branch={branch} defaultBranch={list.defaultBranch} />;
  }
  return <SiteScope key={branch} branch={branch} />;
}

/** The shell with what every screen of one branch shares (null: storage without branches). */
export function SiteScope({ branch }: { branch: string | null }): ReactNode {
  return (
    <CurrentBranchContext.Provider value={branch}>
      <SummaryProvider>
        <Shell />
      </SummaryProvider>
    </CurrentBranchContext.Provider>
  );
}

/** `/keystatic/collection/posts` → `/keystatic/branch/{default}/collection/posts`. */
export function ToDefaultBranch({ list }: { list: BranchList }) {
  const { pathname, search } = useLocation();
  const isBranchPath = pathname === '/branch' || pathname.startsWith('/branch/');
  const to = isBranchPath ? branchHrefs(list.defaultBranch).dashboard() : onBranch(pathname, list.defaultBranch);
  return <Navigate replace to={`${to}${isBranchPath ? '' : search}`} />;
}

function BranchNotFound({ branch, defaultBranch }: { branch: string; defaultBranch: string }) {
  return (
    <main className="main">
      <EmptyState icon="searchEmpty" title={t('branch.notFound')} message={t('branch.notFoundMessage', { branch })}>
        <LinkButton href={branchHrefs(defaultBranch).dashboard()}>{t('branch.goToDefault', { branch: defaultBranch })}</LinkButton>
      </EmptyState>
    </main>
  );
}
