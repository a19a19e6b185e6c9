/** A small status label, such as "Unsaved"; on narrow screens only its dot shows (the text stays for screen readers). */
export function Badge({ children }: { children: string }) {
  return (
    <span className="badge">
      <span className="badge-text">{children}</span>
    </span>
  );
}
