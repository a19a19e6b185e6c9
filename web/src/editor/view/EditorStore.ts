/**
 * Holds the EditorView of one editor and lets React components follow its state without owning
 * it: the view applies its own transactions (ProseMirror's way, so typing never waits for React),
 * and subscribers (toolbar, menus, dialogs) re-render from `getState`.
 */
import type { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import type { NodeViewConstructor } from 'prosemirror-view';
import { componentFileProps } from '../componentEditing/componentFiles';
import type { TakeFile } from '../components';
import { sharedState } from '../state/shared';
import type { SharedBinding } from '../state/shared';

/**
 * The cancellable event react-aria's focus scopes dispatch on the element they are about to give the
 * focus back to (react-aria's RESTORE_FOCUS_EVENT).
 */
export const restoreFocusEvent = 'react-aria-focus-scope-restore';

export type EditorStoreOptions = {
  /** Called with each state whose document changed; without it the editor is read-only. */
  onChange: ((state: EditorState) => void) | undefined;
  nodeViews: Record<string, NodeViewConstructor>;
  attributes: Record<string, string>;
  /** Image files pasted or dropped into the text that a component takes. */
  takeFile?: TakeFile;
};

export class EditorStore {
  private state: EditorState;
  /** The last state handed out through onChange, to tell our own states from new ones. */
  private emitted: EditorState;
  private view: EditorView | null = null;
  private binding: SharedBinding | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly options: EditorStoreOptions;

  constructor(state: EditorState, options: EditorStoreOptions) {
    this.state = state;
    this.emitted = state;
    this.options = options;
  }

  /** What takes pasted and dropped files from now on. */
  setTakeFile(takeFile: TakeFile | undefined): void {
    this.options.takeFile = takeFile;
  }

  /** A new change handler (a re-rendered field); none makes the editor read-only. */
  setOnChange(onChange: EditorStoreOptions['onChange']): void {
    const editabilityChanges = (onChange === undefined) !== (this.options.onChange === undefined);
    this.options.onChange = onChange;
    // A new handler comes with every render of the field; only a change of editability redraws.
    if (editabilityChanges) this.view?.setProps({});
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): EditorState => this.state;

  getView = (): EditorView | null => this.view;

  private notify() {
    for (const listener of this.listeners) listener();
  }

  /** Creates the view in `element`; returns its teardown. */
  mount(element: HTMLElement): () => void {
    const view = new EditorView(element, {
      state: this.state,
      editable: () => this.options.onChange !== undefined,
      nodeViews: this.options.nodeViews,
      attributes: this.options.attributes,
      ...componentFileProps(() => this.options.takeFile),
      dispatchTransaction: (tr) => {
        // The shared text's plugins send batched updates a moment later, which may find the view
        // gone (the form was reset and drawn anew): nothing is left to update.
        if (view.isDestroyed) return;
        const next = view.state.apply(tr);
        view.updateState(next);
        this.state = next;
        if (tr.docChanged && this.options.onChange !== undefined) {
          this.emitted = next;
          this.options.onChange(next);
        }
        this.notify();
      },
    });
    // A dialog or menu closing gives the focus back to what had it, the text among them: through the
    // view, which puts back its own selection. A plain focus() of the text would put the caret at
    // the start of the document, and the view would take that for the writer's selection.
    const restoreFocus = (event: Event) => {
      event.preventDefault();
      view.focus();
    };
    view.dom.addEventListener(restoreFocusEvent, restoreFocus);
    this.view = view;
    this.notify();
    return () => {
      view.dom.removeEventListener(restoreFocusEvent, restoreFocus);
      view.destroy();
      if (this.view === view) this.view = null;
    };
  }

  /** A state from outside (the form was reset or reloaded); our own states pass through unchanged. */
  /**
   * Binds the editor to a shared document (live collaboration): from now on, states from outside
   * are bound too, and their documents go to everyone.
   */
  share(binding: SharedBinding): void {
    this.binding = binding;
    const next = sharedState(this.view?.state ?? this.state, binding, 'shared');
    this.emitted = next;
    this.state = next;
    this.view?.updateState(next);
    this.notify();
  }

  receive(state: EditorState): void {
    if (state === this.emitted || state === this.state) return;
    if (this.binding !== null) state = sharedState(state, this.binding, 'own');
    this.emitted = state;
    this.state = state;
    this.view?.updateState(state);
    this.notify();
  }

  /** Runs a command on the view and gives the focus back to the text. */
  run(command: (state: EditorState, dispatch: EditorView['dispatch'], view: EditorView) => boolean): boolean {
    const view = this.view;
    if (view === null) return false;
    const done = command(view.state, view.dispatch, view);
    view.focus();
    return done;
  }
}
