/**
 * Whether a link address may be saved: absolute URLs, site paths (`/docs/x`), fragments (`#id`),
 * relative paths, mail and phone links. Script and data URLs never are: a link in content is shown
 * on the site, where one would run on a click.
 */
const unsafeScheme = /^\s*(javascript|vbscript|data):/i;

export function isValidUrl(text: string): boolean {
  const url = text.trim();
  if (url === '' || /\s/.test(url) || unsafeScheme.test(url)) return false;
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) {
    try {
      new URL(url);
      return true;
    } catch {
      return false;
    }
  }
  return true;
}
