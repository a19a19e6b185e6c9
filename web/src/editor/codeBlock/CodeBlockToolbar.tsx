/**
 * The tools of the code block the cursor is in, under it: the language (a list of known languages
 * that also takes any text) and Remove.
 */
import { useState, useSyncExternalStore } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { openComponentDialog } from '../componentEditing/componentDialog';
import { et } from '../messages';
import { editorSchemaOf } from '../schema/createSchema';
import type { EditorStore } from '../view/EditorStore';
import { codeBlockAround, removeCodeBlock, setCodeLanguage } from './codeBlockCommands';
import { canonicalLanguage, languageLabel, languages } from './languages';
import { NodePopover } from '../view/FramePopover';

export function CodeBlockToolbar({ store, frame }: { store: EditorStore; frame: HTMLElement | null }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const view = store.getView();
  const block = codeBlockAround(state);
  if (block === null || view === null || frame === null || !view.editable) return null;
  return (
    <NodePopover view={view} pos={block.pos} frame={frame} className="editor-code-toolbar">
      <LanguageField key={`${block.pos}:${block.language}`} store={store} language={block.language} />
      {editorSchemaOf(state.schema).nodeProps.has('code_block') && (
        <Button className="editor-toolbar-button" onPress={() => store.run(openComponentDialog(block.pos))}>
          {et('code.options')}
        </Button>
      )}
      <Button className="editor-toolbar-button" onPress={() => store.run(removeCodeBlock)}>
        {et('code.remove')}
      </Button>
    </NodePopover>
  );
}

function LanguageField({ store, language }: { store: EditorStore; language: string }) {
  const plain = et('code.plain');
  const [text, setText] = useState(languageLabel(language, plain));
  const items = [{ label: plain, value: '' }, ...languages];
  const commit = (typed: string) => {
    const next = canonicalLanguage(typed, plain);
    const view = store.getView();
    if (view !== null) setCodeLanguage(next)(view.state, view.dispatch, view);
  };
  return (
    <ComboBox
      className="editor-code-language"
      allowsCustomValue
      menuTrigger="focus"
      inputValue={text}
      onInputChange={setText}
      onSelectionChange={(key) => {
        if (key === null) return;
        const chosen = items.find((item) => item.value === key);
        if (chosen !== undefined) {
          setText(chosen.label);
          commit(chosen.label);
        }
      }}
      onBlur={() => commit(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
      defaultItems={items.map((item) => ({ id: item.value, label: item.label }))}
    >
      <Label className="editor-code-language-label">{et('code.language')}</Label>
      <Input className="input editor-code-language-input" />
      <Popover className="popover">
        <ListBox className="listbox editor-code-language-list">
          {(item: { id: string; label: string }) => (
            <ListBoxItem className="listbox-item" id={item.id} textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
