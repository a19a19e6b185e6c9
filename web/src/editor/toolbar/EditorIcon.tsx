/** The editor's toolbar icons, drawn on the same 24-unit line grid as the admin's own icons. */
import type { ReactNode } from 'react';

const paths = {
  bold: <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />,
  italic: <path d="M19 4h-9M14 20H5M15 4 9 20" />,
  underline: <path d="M6 4v6a6 6 0 0 0 12 0V4M4 20h16" />,
  strikethrough: <path d="M16 5H9.5a3 3 0 0 0-1.6 5.5M14 12a4 4 0 0 1 0 7H6M4 12h16" />,
  code: <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />,
  superscript: <path d="m4 19 8-8M12 19l-8-8M21 11h-4c0-1.5.5-2 1.5-2.5S21 7.3 21 6.2c0-1.9-2.6-2-3.6-.9" />,
  subscript: <path d="m4 5 8 8M12 5l-8 8M21 20h-4c0-1.5.5-2 1.5-2.5s2.5-1.2 2.5-2.3c0-1.9-2.6-2-3.6-.9" />,
  keyboard: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </>
  ),
  clearFormatting: <path d="M4 7V4h16v3M5 20h6M13 4 8 20M15 15l5 5M20 15l-5 5" />,
  blockquote: <path d="M6 17h3l2-4V7H5v6h3zM14 17h3l2-4V7h-6v6h3z" />,
  codeBlock: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="m10 9-3 3 3 3M14 9l3 3-3 3" />
    </>
  ),
  divider: <path d="M3 12h18M8 6h8M8 18h8" />,
  layout: (
    <>
      <rect x="3" y="4" width="7" height="16" rx="1.5" />
      <rect x="14" y="4" width="7" height="16" rx="1.5" />
    </>
  ),
  table: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M3 9h18M3 15h18M9 3v18M15 3v18" />
    </>
  ),
  link: (
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  ),
  unlink: (
    <path d="m18.8 12.3 1.7-1.8a5 5 0 0 0-7-7l-1.7 1.7M5.2 11.7l-1.7 1.8a5 5 0 0 0 7 7l1.7-1.7M8 2v3M2 8h3M16 22v-3M22 16h-3" />
  ),
  edit: <path d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />,
  external: <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
  orderedList: <path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />,
  bulletList: <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />,
  alignStart: <path d="M21 6H3M15 12H3M17 18H3" />,
  alignCenter: <path d="M21 6H3M17 12H7M19 18H5" />,
  alignEnd: <path d="M21 6H3M21 12H9M21 18H7" />,
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  expand: <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />,
  collapse: <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />,
  chevronDown: <path d="m6 9 6 6 6-6" />,
  more: <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />,
} satisfies Record<string, ReactNode>;

export type EditorIconName = keyof typeof paths;

export function isEditorIconName(name: string): name is EditorIconName {
  return name in paths;
}

/** Icons drawn along the line (lists, alignment to its start or end): mirrored in right-to-left text. */
const directional: ReadonlySet<EditorIconName> = new Set(['orderedList', 'bulletList', 'alignStart', 'alignEnd']);

export function EditorIcon({ name }: { name: EditorIconName }) {
  return (
    <svg
      className="editor-icon"
      data-mirrored={directional.has(name) || undefined}
      viewBox="0 0 24 24"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {paths[name]}
    </svg>
  );
}
