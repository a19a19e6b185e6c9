/**
 * The sidebar's branch controls: a picker that opens the same screen on another branch, and a menu
 * with New branch, the branch's pull request (or Create pull request) and Delete branch. Their code comes after the first screen
 * (`BranchBar.tsx` shows stand-ins until then).
 */
import { useRef } from 'react';
import { Button, Label, ListBox, ListBoxItem, Menu, MenuItem, MenuTrigger, Popover, Select, SelectValue } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { t } from '../../lib/messages/format';
import { useOpenOnMount } from '../../ui/Deferred';
import { Icon } from '../../ui/icons';
import { onBranch } from '../hrefs';
import { useBranchList } from './BranchList';
import type { BranchActions } from './useBranchActions';
import { useOpenPullRequest } from './useOpenPullRequest';

export function BranchPicker({ branch, openOnMount }: { branch: string; openOnMount: boolean }) {
  const list = useBranchList();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useOpenOnMount(openOnMount, trigger);
  const items = (list?.branches ?? []).map((candidate) => ({ id: candidate.name }));
  return (
    <Select
      className="branch-picker"
      selectedKey={branch}
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSelectionChange={(key) => {
        if (key !== null && key !== branch) navigate(onBranch(pathname, String(key)));
      }}
    >
      <Label className="visually-hidden">{t('branch.label')}</Label>
      <Button ref={trigger} className="input select-button">
        <span className="branch-picker-value">
          <Icon name="branch" size={16} />
          <SelectValue>{({ selectedText }) => selectedText}</SelectValue>
        </span>
        <span className="select-chevron">
          <Icon name="chevronRight" size={16} />
        </span>
      </Button>
      <Popover className="popover" placement="bottom start">
        <ListBox className="listbox" items={items}>
          {(item) => (
            <ListBoxItem className="listbox-item" id={item.id} textValue={item.id}>
              {item.id}
              {item.id === list?.defaultBranch && <span className="branch-option-default">{t('branch.default')}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

export function BranchMenu({ actions, openOnMount }: { actions: BranchActions; openOnMount: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useOpenOnMount(openOnMount, trigger);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} className="icon-button" aria-label={t('branch.actions')}>
        <Icon name="more" />
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="menu" aria-label={t('branch.actions')}>
          <MenuItem className="menu-item" onAction={actions.openNewBranch}>
            <Icon name="branch" size={16} />
            {t('branch.new')}
          </MenuItem>
          {actions.proposes && <PullRequestItem branch={actions.branch} newUrl={actions.pullRequestUrl} />}
          {actions.viewUrl !== null && (
            <MenuItem className="menu-item" href={actions.viewUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="external" size={16} />
              {t('repository.view')}
            </MenuItem>
          )}
          {!actions.isDefault && (
            <MenuItem className="menu-item" onAction={actions.openDeleteBranch}>
              <Icon name="trash" size={16} />
              {t('branch.delete')}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** 'Pull request #N' when one is open (asked of the server, as the dashboard does), else 'Create pull request'. */
function PullRequestItem({ branch, newUrl }: { branch: string; newUrl: string | null }) {
  const open = useOpenPullRequest(branch);
  const href = open?.url ?? newUrl;
  if (href === null) return null;
  return (
    <MenuItem className="menu-item" href={href} target="_blank" rel="noopener noreferrer">
      <Icon name="pullRequest" size={16} />
      {open === null ? t('branch.createPullRequest') : t('branch.pullRequest', { number: open.number })}
    </MenuItem>
  );
}
