/**
 * The code block languages offered by the language field, with the aliases writers use. A language
 * is stored as written in the file; only what is typed into the field is mapped: a label or an alias
 * to its canonical name, 'Plain text' (or nothing) to no language, anything else kept as typed.
 */

export type Language = { label: string; value: string; aliases: readonly string[] };

export const languages: readonly Language[] = [
  { label: 'C', value: 'c', aliases: ['h'] },
  { label: 'C++', value: 'cpp', aliases: ['c++', 'cc', 'hpp'] },
  { label: 'Arduino', value: 'arduino', aliases: ['ino'] },
  { label: 'Bash', value: 'bash', aliases: ['sh', 'shell', 'zsh'] },
  { label: 'C#', value: 'csharp', aliases: ['cs', 'dotnet'] },
  { label: 'CSS', value: 'css', aliases: [] },
  { label: 'Diff', value: 'diff', aliases: ['patch'] },
  { label: 'Go', value: 'go', aliases: ['golang'] },
  { label: 'INI', value: 'ini', aliases: ['toml'] },
  { label: 'Java', value: 'java', aliases: [] },
  { label: 'JavaScript', value: 'javascript', aliases: ['js', 'mjs', 'cjs'] },
  { label: 'JSX', value: 'jsx', aliases: [] },
  { label: 'JSON', value: 'json', aliases: ['webmanifest'] },
  { label: 'Kotlin', value: 'kotlin', aliases: ['kt', 'kts'] },
  { label: 'Less', value: 'less', aliases: [] },
  { label: 'Lua', value: 'lua', aliases: [] },
  { label: 'Makefile', value: 'makefile', aliases: ['make', 'mk'] },
  { label: 'Markdown', value: 'markdown', aliases: ['md'] },
  { label: 'Objective-C', value: 'objectivec', aliases: ['objc'] },
  { label: 'Perl', value: 'perl', aliases: ['pl'] },
  { label: 'PHP', value: 'php', aliases: [] },
  { label: 'Python', value: 'python', aliases: ['py'] },
  { label: 'R', value: 'r', aliases: [] },
  { label: 'Ruby', value: 'ruby', aliases: ['rb'] },
  { label: 'Rust', value: 'rust', aliases: ['rs'] },
  { label: 'Sass', value: 'sass', aliases: [] },
  { label: 'SCSS', value: 'scss', aliases: [] },
  { label: 'SQL', value: 'sql', aliases: [] },
  { label: 'Swift', value: 'swift', aliases: [] },
  { label: 'TypeScript', value: 'typescript', aliases: ['ts', 'mts', 'cts'] },
  { label: 'TSX', value: 'tsx', aliases: [] },
  { label: 'YAML', value: 'yaml', aliases: ['yml'] },
];

const byName = new Map<string, Language>();
for (const language of languages) {
  for (const name of [language.label, language.value, ...language.aliases]) byName.set(name.toLowerCase(), language);
}

/** The language to store for what was typed into the language field ('' for plain text). */
export function canonicalLanguage(typed: string, plainLabel: string): string {
  const text = typed.trim();
  if (text === '' || text.toLowerCase() === plainLabel.toLowerCase() || text === 'plain') return '';
  return byName.get(text.toLowerCase())?.value ?? text;
}

/** What the language field shows for a stored language. */
export function languageLabel(language: string, plainLabel: string): string {
  if (language === '') return plainLabel;
  return byName.get(language.toLowerCase())?.label ?? language;
}
