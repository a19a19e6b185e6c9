/**
 * 'Edit {label}': a component's props in a dialog, with Cancel and Done. Done refuses props that do
 * not validate and shows every message then; the form itself comes from the content field, which
 * knows the field kinds (the editor does not).
 */
import { useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../ui/Button';
import type { EditorComponent, PropFile, PropsValue } from '../components';
import { freePropFileName } from '../image/imageName';
import { editorSchemaOf, propsOwner } from '../schema/createSchema';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { cancelComponentDialog, componentDialogKey, saveComponentProps } from './componentDialog';

export type PropsFormProps = {
  component: EditorComponent;
  value: PropsValue;
  onChange(value: PropsValue): void;
  /** True after a refused Done: every message shows. */
  forced: boolean;
  /**
   * The name a file chosen for a prop goes under in its folder: as chosen, unless another file
   * there (of the folder, the text, or these props) has it with other bytes.
   */
  freeFileName(file: PropFile, bytes: Uint8Array): string;
};

export function ComponentDialog({ store, PropsForm }: { store: EditorStore; PropsForm: ComponentType<PropsFormProps> }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const dialog = componentDialogKey.getState(state) ?? null;
  const node = dialog === null ? null : state.doc.nodeAt(dialog.pos);
  const component = node === null ? undefined : propsOwner(editorSchemaOf(state.schema), node);
  if (dialog === null || node === null || component === undefined) return null;
  return (
    <PropsDialog
      key={dialog.pos}
      store={store}
      component={component}
      pos={dialog.pos}
      initial={(node.attrs.props as PropsValue | null) ?? component.props.defaultValue()}
      PropsForm={PropsForm}
    />
  );
}

type PropsDialogProps = {
  store: EditorStore;
  pos: number;
  component: EditorComponent;
  initial: PropsValue;
  PropsForm: ComponentType<PropsFormProps>;
};

function PropsDialog({ store, pos, component, initial, PropsForm }: PropsDialogProps) {
  const [value, setValue] = useState(initial);
  const [forced, setForced] = useState(false);
  const close = () => store.run(cancelComponentDialog);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(isOpen) => !isOpen && close()} className="modal-overlay">
      <Modal className="modal editor-component-dialog">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title">
            {et('component.editTitle', { label: component.label })}
          </Heading>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // The dialog sits inside the entry's form: submitting it must not save the entry.
              event.stopPropagation();
              if (component.props.validate(value) !== null) setForced(true);
              else store.run(saveComponentProps(value));
            }}
          >
            <PropsForm
              component={component}
              value={value}
              onChange={setValue}
              forced={forced}
              freeFileName={(file, bytes) => freePropFileName(store.getState(), file, bytes, pos, component.props, value)}
            />
            <div className="dialog-actions">
              <Button onPress={close}>{et('component.cancel')}</Button>
              <Button tone="primary" type="submit">
                {et('component.done')}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
