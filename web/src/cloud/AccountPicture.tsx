/**
 * The account's picture: shown beside the person's name (their initials without one), and chosen
 * or removed in a section of its own. A chosen file goes to the cloud at once, unless it is over
 * the cloud's limit, which is said here without sending it; the cloud answers with the account,
 * its new picture's address in it, which the page shows straight away.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { initials } from '../lib/initials';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { PICTURE_MAX, removePicture, setPicture } from './api';
import type { User } from './api';
import { ct } from './messages';
import { ActionError, useAction } from './Page';

/** The kinds of file the cloud reads a picture from. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * The person's picture, 64 pixels and round, or their initials in a badge of that size (also when
 * the picture cannot be loaded). It stands beside their name, so it says nothing of its own.
 */
export function Portrait({ user }: { user: User }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = user.avatarUrl;
  if (url !== undefined && url !== broken) {
    return <img className="cloud-avatar" src={url} alt="" width={64} height={64} onError={() => setBroken(url)} />;
  }
  return (
    <span className="cloud-avatar cloud-avatar-initials" aria-hidden="true">
      {initials(user.name) || initials(user.email)}
    </span>
  );
}

type Change = 'choose' | 'remove';

/** Choosing a picture (sent as soon as it is chosen) and removing the one there is. */
export function PictureControls({ user, changed }: { user: User; changed(user: User): void }) {
  const action = useAction();
  const [running, setRunning] = useState<Change | null>(null);
  const [done, setDone] = useState('');
  const helpId = useId();
  const errorId = useId();
  const controls = useRef<HTMLDivElement>(null);
  const describedBy = action.error === null ? helpId : `${helpId} ${errorId}`;

  // Once a picture is removed, so is its button: the one left takes the focus, once it is enabled.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || action.isPending) return;
    refocus.current = false;
    controls.current?.querySelector('button')?.focus();
  });

  const run = (change: Change, send: () => Promise<{ user: User }>, said: string) => {
    setRunning(change);
    setDone('');
    void action.run(async () => {
      const { user: updated } = await send();
      changed(updated);
      setDone(said);
      refocus.current = updated.avatarUrl === undefined && change === 'remove';
    });
  };

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file === undefined) return;
    run(
      'choose',
      async () => {
        // The cloud would refuse it unread, with a bare 413: said here instead, and not sent.
        if (file.size > PICTURE_MAX) throw new Error(ct('account.pictureTooLarge'));
        return setPicture(file);
      },
      ct('account.pictureSaved'),
    );
  };

  return (
    <>
      <p className="cloud-muted" id={helpId}>
        {ct('account.pictureHelp')}
      </p>
      <div className="cloud-actions" ref={controls}>
        <FileTrigger acceptedFileTypes={PICTURE_TYPES} onSelect={choose}>
          <Button
            isPending={action.isPending && running === 'choose'}
            isDisabled={action.isPending && running !== 'choose'}
            aria-describedby={describedBy}
          >
            <Icon name="upload" size={16} />
            {ct('account.choosePicture')}
          </Button>
        </FileTrigger>
        {user.avatarUrl !== undefined && (
          <Button
            onPress={() => run('remove', removePicture, ct('account.pictureRemoved'))}
            isPending={action.isPending && running === 'remove'}
            isDisabled={action.isPending && running !== 'remove'}
            aria-describedby={action.error === null ? undefined : errorId}
          >
            {ct('account.removePicture')}
          </Button>
        )}
        <p className="cloud-status" role="status">
          {done}
        </p>
      </div>
      <ActionError id={errorId} error={action.error} />
    </>
  );
}
