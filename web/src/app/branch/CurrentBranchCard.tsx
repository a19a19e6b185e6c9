/** The dashboard's current-branch block: its name, New branch, and elsewhere than the default branch Create pull request and Delete branch. */
import { t } from '../../lib/messages/format';
import { Button, LinkButton } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import { useBranchActions } from './useBranchActions';

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
        {actions.pullRequestUrl !== null && (
          <LinkButton href={actions.pullRequestUrl} target="_blank" rel="noopener noreferrer">
            {t('branch.createPullRequest')}
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
