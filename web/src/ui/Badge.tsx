/**
 * A small status label, such as "Unsaved"; on narrow screens only its dot shows, its text kept for
 * screen readers and as its tooltip.
 */
export function Badge({ children }: { children: string }) {
  return (
    <span className="badge" title={children}>
      <span className="badge-text">{children}</span>
    </span>
  );
}
