/**
 * An indeterminate progress indicator with an accessible label: the platform's progressbar role
 * with no value, which is all an indeterminate one needs.
 */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="progressbar" aria-label={label} className="spinner">
      <span className="spinner-ring" />
    </span>
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
