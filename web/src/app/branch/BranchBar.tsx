/**
 * The sidebar's branch picker and branch menu (`BranchControls.tsx`), whose code comes after the
 * first screen: until then, stand-ins that look and are named the same.
 */
import { t } from '../../lib/messages/format';
import { Deferred, StandIn } from '../../ui/Deferred';
import { Icon } from '../../ui/icons';
import { lazyComponent } from '../../ui/lazyComponent';
import { useBranchActions } from './useBranchActions';

const BranchPicker = lazyComponent(async () => (await import('./BranchControls')).BranchPicker);
const BranchMenu = lazyComponent(async () => (await import('./BranchControls')).BranchMenu);

export function BranchBar() {
  const actions = useBranchActions();
  if (actions === null) return null;
  const { branch } = actions;
  return (
    <div className="branch-bar">
      <Deferred
        control={BranchPicker}
        props={{ branch }}
        trigger={(press) => (
          <div className="branch-picker">
            {/* Named as the picker is: its value, then its label. */}
            <StandIn className="input select-button" label={`${branch} ${t('branch.label')}`} popup="listbox" onPress={press}>
              <span className="branch-picker-value">
                <Icon name="branch" size={16} />
                <span>{branch}</span>
              </span>
              <span className="select-chevron">
                <Icon name="chevronRight" size={16} />
              </span>
            </StandIn>
          </div>
        )}
      />
      <Deferred
        control={BranchMenu}
        props={{ actions }}
        trigger={(press) => (
          <StandIn className="icon-button" label={t('branch.actions')} popup="menu" onPress={press}>
            <Icon name="more" />
          </StandIn>
        )}
      />
      {actions.dialog}
    </div>
  );
}
