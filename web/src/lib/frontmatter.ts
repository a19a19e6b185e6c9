/**
 * Frontmatter framing of entries whose format has a content field: `---\n` + data + `---\n` + content,
 * exactly as Keystatic writes it. Reading accepts CRLF line ends and files without frontmatter.
 */

// Keystatic's own expression: the data block is optional, the closing fence may end the file.
const FRONTMATTER = /^---(?:\r?\n([^]*?))?\r?\n---\r?\n?/;

export type SplitFile = {
  /** The data block; '' when the file has no frontmatter (which then reads as `{}`). */
  data: string;
  content: string;
  /** False when the file does not start with a frontmatter block. */
  hasFrontmatter: boolean;
};

export function splitFrontmatter(text: string): SplitFile {
  const match = FRONTMATTER.exec(text);
  if (match === null) return { data: '', content: text, hasFrontmatter: false };
  return { data: match[1] ?? '', content: text.slice(match[0].length), hasFrontmatter: true };
}

/** `data` is the serialized data file, which always ends with a newline. */
export function joinFrontmatter(data: string, content: string): string {
  return `---\n${data}---\n${content}`;
}
