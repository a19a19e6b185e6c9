/**
 * 'Fork Repo': someone who may only read the repository saves by forking it and installing the
 * GitHub App on the fork, both on GitHub in windows of their own. The installation's window tells
 * this one (a `storage` event, as Keystatic's does); the admin then asks the server again, and once
 * the server works on the fork, a moment later, the waiting action runs.
 */
import { useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { useRefreshConfig, useRepository } from '../data/ConfigProvider';
import { errorMessage } from '../data/useAsync';

/** What the installation's window sets in `localStorage` (the server's `state=close` page). */
const INSTALLED_KEY = 'ks-refetch-installations';
/** How long the server is given after the fork shows before the action runs again. */
const FORK_CHECK_DELAY_MS = 100;

type ForkRepoDialogProps = {
  onDismiss(): void;
  /** Runs the waiting action again, now on the fork. */
  onCreate(): void;
};

export function ForkRepoDialog({ onDismiss, onCreate }: ForkRepoDialogProps) {
  const repository = useRepository();
  const refresh = useRefreshConfig();
  const [error, setError] = useState<string | null>(null);
  // The action as the screen has it after the refresh, which changes what it may do.
  const latest = useRef(onCreate);
  useEffect(() => {
    latest.current = onCreate;
  });

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== INSTALLED_KEY || event.newValue !== 'true') return;
      localStorage.removeItem(INSTALLED_KEY);
      void (async () => {
        try {
          const next = await refresh();
          if (next.user === null) throw new Error(t('fork.unauthorized'));
          if (next.repository?.canWrite !== true) return;
          await new Promise((resolve) => setTimeout(resolve, FORK_CHECK_DELAY_MS));
          latest.current();
        } catch (caught) {
          setError(errorMessage(caught));
        }
      })();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  if (repository === null || repository.installUrl === null) return null;
  const forkUrl = `${repository.url}/fork`;
  const installUrl = `${repository.installUrl}?state=close`;
  return (
    <ModalOverlay isOpen onOpenChange={(isOpen) => !isOpen && onDismiss()} isDismissable className="modal-overlay">
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title">
            {t('fork.title')}
          </Heading>
          {error === null ? (
            <>
              <p className="dialog-message">{t('fork.message')}</p>
              <ol className="fork-steps">
                <li>
                  <a href={forkUrl} target="_blank" rel="noopener noreferrer">
                    {t('fork.fork')}
                  </a>
                </li>
                <li>
                  <a href={installUrl} target="_blank" rel="noopener noreferrer">
                    {t('fork.install')}
                  </a>
                </li>
              </ol>
              <p className="dialog-message">{t('fork.then')}</p>
            </>
          ) : (
            <Notice tone="critical" title={error} />
          )}
          <div className="dialog-actions">
            <Button onPress={onDismiss}>{t('fork.cancel')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
