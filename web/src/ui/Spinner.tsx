/** An indeterminate progress indicator with an accessible label. */
import { ProgressBar } from 'react-aria-components';

export function Spinner({ label }: { label: string }) {
  return (
    <ProgressBar isIndeterminate aria-label={label} className="spinner">
      <span className="spinner-ring" />
    </ProgressBar>
  );
}

/** A spinner centred in the space of a screen that is still loading. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="loading-state">
      <Spinner label={label} />
    </div>
  );
}
