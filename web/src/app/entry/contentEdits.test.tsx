// @vitest-environment happy-dom
/**
 * A content field writes its text after a pause in typing, not on every keystroke; whatever keeps
 * the form's values (a save, a draft when the form leaves the screen, a copy, a reset) still gets
 * every character typed. The editor itself is replaced by a stand-in that hands out its change
 * handler, so the test types by giving it new editor states.
 */
import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { EditorState } from 'prosemirror-state';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeSchema } from '../../../test/normalized';
import type { ContentField } from '../../api/config';
import type { EditorProps } from '../../editor/Editor';
import { entrySlug, parseEntry } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import { collectionLayout } from '../../entry/paths';
import { collectionPlace } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import ContentEditor from '../../fields/content/ContentEditor';
import type { ContentState } from '../../fields/content/images';
import { MAX_WAIT_MS, QUIET_MS } from '../../fields/content/pendingEdits';
import { standaloneSlugRules } from '../../fields/kind';
import { KindsContext } from '../../fields/KindsContext';
import { kindOf } from '../../fields/registry';
import type * as CommitEntryModule from './commitEntry';
import { useEntryClipboard } from './useEntryClipboard';
import type { EntryEditor } from './useEntryEditor';
import { useEntryDraft } from './useEntryDraft';
import { useEntryEditor } from './useEntryEditor';
import type * as ConfigProvider from '../data/ConfigProvider';
import { loadFormat } from '../../fields/content/formats';

// The formats load on demand in the admin.
beforeAll(() => Promise.all([loadFormat('markdoc'), loadFormat('mdx')]));

const mocks = vi.hoisted(() => ({
  editor: null as EditorProps | null,
  commits: [] as { additions: { path: string; contents: string }[] }[],
  drafts: [] as { files: Map<string, Uint8Array> }[],
  clipboard: [] as { plain: string }[],
}));

vi.mock('../../editor/Editor', () => ({
  Editor: (props: EditorProps) => {
    mocks.editor = props;
    return null;
  },
}));
vi.mock('../data/SummaryProvider', () => ({ useSummary: () => ({ summary: null, refresh: () => undefined }) }));
// Someone who may write: the repository's access is the config's, which this form has none of.
vi.mock('../data/ConfigProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof ConfigProvider>()),
  useWriteAccess: () => 'write',
}));
vi.mock('./commitEntry', async (importOriginal) => ({
  ...(await importOriginal<typeof CommitEntryModule>()),
  commitEntry: async ({ changes }: { changes: (typeof mocks.commits)[number] }) => {
    mocks.commits.push(changes);
    return { changed: [], head: null, warnings: [] };
  },
}));
vi.mock('../../drafts/draftStore', () => ({
  setDraft: async (_key: unknown, draft: (typeof mocks.drafts)[number]) => void mocks.drafts.push(draft),
  deleteDraft: async () => undefined,
}));
vi.mock('../../clipboard/systemClipboard', () => ({
  writeClipboard: async (payload: (typeof mocks.clipboard)[number]) => void mocks.clipboard.push(payload),
  readClipboard: async () => ({ kind: 'failed' }),
}));
vi.mock('../../ui/Toast', () => ({ useToast: () => () => undefined }));

const shape: EntryShape = {
  schema: normalizeSchema({ title: { kind: 'slug', label: 'Title' }, content: { kind: 'markdoc', label: 'Content' } }),
  format: { data: 'yaml', contentField: ['content'] },
  slugField: 'title',
};
const content = shape.schema.content as ContentField;
const layout = collectionLayout('posts/*');
const placeFor = (state: EntryState) => collectionPlace(layout, entrySlug(shape, state));
const path = 'posts/hello.mdoc';
const stored = '---\ntitle: Hello\n---\nSome text\n';

function initialState(): EntryState {
  const parsed = parseEntry(shape, { data: stored, content: {} }, path, 'hello');
  if (!parsed.ok) throw new Error('the post does not open');
  return parsed.state;
}

let container: HTMLDivElement;
let root: Root;
let form: { editor: EntryEditor; copy(): Promise<void> };

function Form() {
  const editor = useEntryEditor({
    shape,
    placeFor,
    initial: { state: initialState(), tree: new Map(), head: null, readAtOpen: new Set([path]) },
    branch: null,
    slugRules: standaloneSlugRules,
    formId: 'form',
  });
  useEntryDraft({ draftKey: ['collection', 'posts', 'hello'], editor, slug: 'hello', restored: null });
  const clipboard = useEntryClipboard({ shape, location: layout.location, editor, adopt: (state) => state });
  useLayoutEffect(() => {
    form = { editor, copy: clipboard.copy };
  });
  return (
    <KindsContext value={kindOf}>
      <ContentEditor
        key={editor.formKey}
        field={content}
        state={editor.state.content as ContentState}
        onChange={(value) => editor.setField('content', value)}
        onBlur={() => undefined}
        error={null}
        context={{ isNew: false, slugRules: standaloneSlugRules, forced: false, choices: { entrySlugs: async () => [], filePaths: async () => [] } }}
      />
    </KindsContext>
  );
}

/** Types `text` at the end of the document, one keystroke each. */
function type(text: string) {
  for (const char of text) {
    act(() => {
      const state: EditorState = mocks.editor!.state;
      mocks.editor!.onChange!(state.apply(state.tr.insertText(char, state.doc.content.size - 1)));
    });
  }
}

/** The text of the content field in the form's values, as React last rendered them. */
const renderedText = () => (form.editor.state.content as ContentState).text;

const decoder = new TextDecoder();

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  mocks.commits.length = 0;
  mocks.drafts.length = 0;
  mocks.clipboard.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Form />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('typing in a content field', () => {
  it('writes the text after a pause, not on every keystroke; the form counts as changed meanwhile', () => {
    type('!?!');
    expect(renderedText()).toBe('Some text\n');
    expect(form.editor.isDirty).toBe(true);
    act(() => vi.advanceTimersByTime(QUIET_MS));
    expect(renderedText()).toBe('Some text!?!\n');
    expect(form.editor.isDirty).toBe(true);
    // Typed away again: once written, the form is as saved.
    act(() => {
      const state: EditorState = mocks.editor!.state;
      const end = state.doc.content.size - 1;
      mocks.editor!.onChange!(state.apply(state.tr.delete(end - 3, end)));
    });
    expect(form.editor.isDirty).toBe(true);
    act(() => vi.advanceTimersByTime(QUIET_MS));
    expect(renderedText()).toBe('Some text\n');
    expect(form.editor.isDirty).toBe(false);
  });

  it('keeps writing while typing goes on', () => {
    for (let elapsed = 0; elapsed < MAX_WAIT_MS; elapsed += 100) {
      type('x');
      act(() => vi.advanceTimersByTime(100));
    }
    expect(renderedText()).toBe(`Some text${'x'.repeat(MAX_WAIT_MS / 100)}\n`);
  });

  it('saves every character when Save comes right after the last keystroke', async () => {
    type('Hello');
    expect(renderedText()).toBe('Some text\n');
    await act(() => form.editor.save());
    const data = mocks.commits[0]!.additions.find((addition) => addition.path === path)!;
    expect(atob(data.contents)).toBe('---\ntitle: Hello\n---\nSome textHello\n');
    expect(renderedText()).toBe('Some textHello\n');
    expect(form.editor.isDirty).toBe(false);
  });

  it('keeps every character in the draft when the form leaves the screen', () => {
    type('Hello');
    mocks.drafts.length = 0;
    act(() => root.unmount());
    expect(decoder.decode(mocks.drafts.at(-1)!.files.get(path))).toBe('---\ntitle: Hello\n---\nSome textHello\n');
    root = createRoot(container);
  });

  it('keeps every character in the draft when the page is closed or reloaded', () => {
    type('Hello');
    mocks.drafts.length = 0;
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(decoder.decode(mocks.drafts.at(-1)!.files.get(path))).toBe('---\ntitle: Hello\n---\nSome textHello\n');
  });

  it('copies every character', async () => {
    type('Hello');
    await act(() => form.copy());
    expect(mocks.clipboard[0]!.plain).toBe('---\ntitle: Hello\n---\nSome textHello\n');
  });

  it('stops at a reset: what was typed is not written afterwards', () => {
    type('Hello');
    act(() => form.editor.reset());
    act(() => vi.advanceTimersByTime(MAX_WAIT_MS));
    expect(renderedText()).toBe('Some text\n');
    expect(form.editor.isDirty).toBe(false);
  });
});
