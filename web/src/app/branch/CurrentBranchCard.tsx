/**
 * The dashboard's current-branch block: its name, New branch, and elsewhere than the default branch
 * (or on a fork) its open pull request (on GitHub) or Create pull request, and Delete branch.
 */
import { t } from '../../lib/messages/format';
import { Button, LinkButton } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import { useBranchActions } from './useBranchActions';
import { useOpenPullRequest } from './useOpenPullRequest';

export function CurrentBranchCard() {
  const actions = useBranchActions();
  if (actions === null) return null;
  return (
    <section className="current-branch" aria-labelledby="current-branch-label">
      <div className="current-branch-text">
        <span className="current-branch-label" id="current-branch-label">
          {t('branch.current')}
        </span>
        <p className="current-branch-name">
          <Icon name="branch" size={16} />
          {actions.branch}
        </p>
      </div>
      <div className="current-branch-actions">
        <Button onPress={actions.openNewBranch}>{t('branch.new')}</Button>
        {actions.proposes && <PullRequestLink branch={actions.branch} newUrl={actions.pullRequestUrl} />}
        {actions.viewUrl !== null && (
          <LinkButton href={actions.viewUrl} target="_blank" rel="noopener noreferrer">
            {t('repository.view')}
          </LinkButton>
        )}
        {!actions.isDefault && (
          <Button onPress={actions.openDeleteBranch}>
            {t('branch.delete')}
          </Button>
        )}
      </div>
      {actions.dialog}
    </section>
  );
}

/** 'Pull request #N' when one is open (asked of the server), else 'Create pull request'. */
function PullRequestLink({ branch, newUrl }: { branch: string; newUrl: string | null }) {
  const open = useOpenPullRequest(branch);
  if (open !== null) {
    return (
      <LinkButton href={open.url} target="_blank" rel="noopener noreferrer">
        {t('branch.pullRequest', { number: open.number })}
      </LinkButton>
    );
  }
  // While asking, and when the lookup fails, the way to open one stays.
  if (newUrl === null) return null;
  return (
    <LinkButton href={newUrl} target="_blank" rel="noopener noreferrer">
      {t('branch.createPullRequest')}
    </LinkButton>
  );
}
