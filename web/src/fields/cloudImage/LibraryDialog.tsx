/**
 * Choosing a cloud image from the project's image library: a search (by name and alt text, sent once
 * typing pauses), a grid of thumbnails, newest first, a page at a time, and the image chosen by
 * pressing it. Loaded when first opened, so that the entry screens do not carry it.
 */
import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { LibraryImage, LibraryPage } from '../../api/cloudImages';
import { transformedImage, uniqueImages } from '../../lib/cloudImages';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { LoadingState } from '../../ui/Spinner';
import { TextInputField } from '../../ui/TextInputField';
import type { CloudImages } from '../FieldProps';

/** Images asked for at once: a few rows of the grid. */
export const LIBRARY_PAGE = 48;

/** How long typing pauses before the search is sent, in milliseconds. */
export const SEARCH_DELAY = 250;

type LibraryDialogProps = {
  list: CloudImages['list'];
  onChoose(image: LibraryImage): void;
  onClose(): void;
};

export function LibraryDialog({ list, onChoose, onClose }: LibraryDialogProps) {
  const library = useLibrary(list);
  const { typed, setTyped, query, shown, failure } = library;
  const grid = useRef<HTMLUListElement>(null);

  // After loading more, the first new image takes the focus, so that the keyboard goes on from there.
  const focusAt = useRef<number | null>(null);
  const count = shown?.images.length ?? 0;
  useEffect(() => {
    if (focusAt.current === null || focusAt.current >= count) return;
    grid.current?.querySelectorAll<HTMLElement>('.image-library-item')[focusAt.current]?.focus();
    focusAt.current = null;
  }, [count]);

  let body;
  if (failure !== null) body = <Notice tone="critical" title={failure} />;
  else if (shown === null) body = <LoadingState label={t('cloudImage.libraryLoading')} />;
  else if (shown.images.length === 0)
    body = <p className="image-library-empty">{shown.query === '' ? t('cloudImage.libraryEmpty') : t('cloudImage.libraryNoMatch', { query: shown.query })}</p>;
  else
    body = (
      <>
        <ul className="image-library-grid" ref={grid} aria-label={t('cloudImage.libraryTitle')}>
          {shown.images.map((image) => (
            <li key={image.id}>
              <AriaButton className="image-library-item" onPress={() => onChoose(image)}>
                <img className="image-library-thumb" src={thumbnail(image.src)} alt={image.alt} width={200} height={200} loading="lazy" decoding="async" />
                <span className="image-library-name">
                  <bdi>{image.name}</bdi>
                </span>
                <span className="image-library-size">{t('cloudImage.dimensions', { width: image.width, height: image.height })}</span>
              </AriaButton>
            </li>
          ))}
        </ul>
        {shown.images.length < shown.total && (
          <div className="image-library-more">
            <Button
              isPending={library.more.pending}
              onPress={() => {
                focusAt.current = shown.images.length;
                library.loadMore();
              }}
            >
              {t('cloudImage.libraryMore')}
            </Button>
          </div>
        )}
        {library.more.error !== null && (
          <p className="field-error" role="alert">
            {library.more.error}
          </p>
        )}
      </>
    );

  return (
    <ModalOverlay isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable className="modal-overlay">
      <Modal className="modal modal-library">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title">
            {t('cloudImage.libraryTitle')}
          </Heading>
          <TextInputField
            label={t('cloudImage.librarySearch')}
            description={t('cloudImage.librarySearchHelp')}
            type="search"
            autoComplete="off"
            value={typed}
            onChange={setTyped}
            autoFocus
          />
          <div className="image-library" aria-busy={shown !== null && shown.query !== query}>
            {body}
          </div>
          <div className="dialog-actions">
            <Button onPress={onClose}>{t('cloudImage.libraryCancel')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A square thumbnail cut from the image's middle, made by the cloud. */
const thumbnail = (src: string) => transformedImage(src, { w: '200', h: '200', fit: 'cover' });

/** The images of a search: what it found, for the last query answered. */
type Shown = { query: string; images: LibraryImage[]; total: number };

/**
 * The search as typed and as sent, the images shown (those of the last search answered, kept while the
 * next one is on its way), why the search failed, and more of them.
 */
function useLibrary(list: CloudImages['list']) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState<{ query: string; message: string } | null>(null);
  useEffect(() => {
    let current = true;
    list({ q: query, offset: 0, limit: LIBRARY_PAGE }).then(
      (page: LibraryPage) => {
        if (!current) return;
        setShown({ query, images: page.images, total: page.total });
        setFailed(null);
      },
      (error: unknown) => {
        if (current) setFailed({ query, message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [list, query]);

  const [more, setMore] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const loadMore = () => {
    if (shown === null || more.pending) return;
    const from = shown;
    setMore({ pending: true, error: null });
    list({ q: from.query, offset: from.images.length, limit: LIBRARY_PAGE }).then(
      (page) => {
        // A new search answered meanwhile: its images stay.
        setShown((now) => (now === from ? { ...from, images: uniqueImages([...from.images, ...page.images]), total: page.total } : now));
        setMore({ pending: false, error: null });
      },
      (error: unknown) => setMore({ pending: false, error: messageOf(error) }),
    );
  };

  return { typed, setTyped, query, shown, failure: failed?.query === query ? failed.message : null, more, loadMore };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
