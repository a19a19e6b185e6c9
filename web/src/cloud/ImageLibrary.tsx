/**
 * `/teams/:team/project/:project/images`: a project's image library. Every member of the team
 * searches it (by name and alt text, as they type), pages through it in a grid of thumbnails, and
 * opens an image to see it larger and copy its address; editors and above also upload images (chosen
 * or dropped on the page, several at once), write an image's alt text and delete it. The team is
 * loaded first: the library's answers say neither the person's role nor whether images are on.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { transformedImage, uniqueImages } from '../lib/cloudImages';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { TextInputField } from '../ui/TextInputField';
import { images as listImages, team as loadTeam } from './api';
import type { ImagePage, LibraryImage, Project, Team } from './api';
import { ImageDetails } from './ImageLibraryDetails';
import { DropArea, UploadButton, UploadList, useUploads } from './ImageLibraryUpload';
import { ct } from './messages';
import { ActionError, Loading, Page, useAction, useLoaded } from './Page';
import type { Loaded } from './Page';

/** Images asked for at once: a few screens of the grid. */
const PAGE = 60;

/** How long typing pauses before the search is sent, in milliseconds. */
const SEARCH_DELAY = 250;

/** A square thumbnail of `size` pixels, cut from the image's middle. */
const thumbnail = (src: string, size: number) => transformedImage(src, { w: String(size), h: String(size), fit: 'cover' });

export function ImageLibraryPage() {
  const { team: slug = '', project: projectSlug = '' } = useParams();
  const load = useCallback(() => loadTeam(slug), [slug]);
  const loaded = useLoaded(load);
  const project = loaded.value?.projects.find((candidate) => candidate.slug === projectSlug);
  return (
    <Page title={ct('library.title', { project: project?.name ?? projectSlug })} width="wide" accountLink>
      <Loading loaded={loaded}>
        {(team) => (
          <>
            <Link className="cloud-back" to={`/teams/${encodeURIComponent(team.slug)}`}>
              {ct('library.backToTeam', { team: team.name })}
            </Link>
            {!team.images ? (
              <Notice tone="caution" title={ct('library.off')}>
                <p>{ct('library.offHelp')}</p>
              </Notice>
            ) : project === undefined ? (
              <Notice tone="caution" title={ct('notFound.title')}>
                <p>{ct('library.noProject', { project: projectSlug })}</p>
              </Notice>
            ) : (
              <Library key={project.slug} team={team} project={project} />
            )}
          </>
        )}
      </Loading>
    </Page>
  );
}

/** The images shown and how to change them: the search, the pages loaded, more of them. */
function useLibrary(team: string, project: string) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  // How many images a load brings: one page for a new search, as many as were shown for a reload,
  // so that a change deep in a long list keeps the person's place.
  const keep = useRef(PAGE);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      keep.current = PAGE;
      setQuery(typed.trim());
    }, SEARCH_DELAY);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const load = useCallback(async (): Promise<ImagePage> => {
    const pages = Math.max(1, Math.ceil(keep.current / PAGE));
    const answers = await Promise.all(
      Array.from({ length: pages }, (_, index) => listImages(team, project, { q: query, offset: index * PAGE, limit: PAGE })),
    );
    return { images: uniqueImages(answers.flatMap((answer) => answer.images)), total: answers[answers.length - 1]!.total };
  }, [team, project, query]);
  const first = useLoaded(load);

  // The pages loaded after the first ones, for as long as those are shown.
  const [more, setMore] = useState<{ after: ImagePage; images: LibraryImage[]; total: number } | null>(null);
  const moreAction = useAction();
  const base = first.value;
  const after = base !== null && more?.after === base ? more : null;
  const value = base === null ? null : after === null ? base : { images: uniqueImages([...base.images, ...after.images]), total: after.total };

  const shownCount = useRef(0);
  useEffect(() => {
    shownCount.current = value?.images.length ?? 0;
  });
  const { reload: reloadFirst } = first;
  const reload = useCallback(() => {
    keep.current = Math.max(PAGE, shownCount.current);
    reloadFirst();
  }, [reloadFirst]);
  const loadMore = () =>
    moreAction.run(async () => {
      if (base === null || value === null) return;
      const page = await listImages(team, project, { q: query, offset: value.images.length, limit: PAGE });
      setMore({ after: base, images: [...(after?.images ?? []), ...page.images], total: page.total });
    });
  const listing: Loaded<ImagePage> = { value, error: first.error, reload };
  return { typed, setTyped, query, listing, loadMore, moreAction };
}

function Library({ team, project }: { team: Team; project: Project }) {
  const editor = team.role !== 'viewer';
  const { typed, setTyped, query, listing, loadMore, moreAction } = useLibrary(team.slug, project.slug);
  const uploads = useUploads(team.slug, project.slug, listing.reload);
  const [open, setOpen] = useState<LibraryImage | null>(null);
  const [done, setDone] = useState('');
  const area = useRef<HTMLDivElement>(null);

  // After loading more, the first new image takes the focus, so that the keyboard goes on from there.
  const focusAt = useRef<number | null>(null);
  const shown = listing.value?.images.length ?? 0;
  useEffect(() => {
    if (focusAt.current === null || focusAt.current >= shown) return;
    area.current?.querySelectorAll<HTMLElement>('.cloud-image-open')[focusAt.current]?.focus();
    focusAt.current = null;
  }, [shown]);

  const content = (
    <div className="cloud-library" ref={area}>
      <div className="cloud-library-bar">
        <TextInputField label={ct('library.search')} description={ct('library.searchHelp')} type="search" autoComplete="off" value={typed} onChange={setTyped} />
        {editor && <UploadButton add={uploads.add} />}
      </div>
      {editor && <UploadList uploads={uploads.list} />}
      <p className="cloud-muted" role="status">
        {listing.value === null ? '' : ct('library.count', { count: listing.value.total })}
      </p>
      <p className="cloud-status" role="status">
        {done}
      </p>
      <Loading loaded={listing}>
        {({ images, total }) =>
          images.length === 0 ? (
            <p className="cloud-muted">{query === '' ? ct('library.empty') : ct('library.noMatch', { query })}</p>
          ) : (
            <>
              <ul className="cloud-images">
                {images.map((image) => (
                  <ImageCard
                    key={image.id}
                    image={image}
                    onOpen={() => {
                      setDone('');
                      setOpen(image);
                    }}
                  />
                ))}
              </ul>
              {images.length < total && (
                <div className="cloud-actions cloud-more">
                  <Button
                    isPending={moreAction.isPending}
                    onPress={() => {
                      focusAt.current = images.length;
                      void loadMore().then((loaded) => {
                        if (!loaded) focusAt.current = null;
                      });
                    }}
                  >
                    {ct('library.loadMore')}
                  </Button>
                </div>
              )}
              <ActionError error={moreAction.error} />
            </>
          )
        }
      </Loading>
      {open !== null && (
        <ImageDetails
          team={team.slug}
          project={project.slug}
          image={open}
          editor={editor}
          onClose={() => setOpen(null)}
          onSaved={(alt) => {
            setOpen({ ...open, alt });
            listing.reload();
          }}
          onDeleted={() => {
            setOpen(null);
            setDone(ct('library.deleted', { name: open.name }));
            listing.reload();
            // Its card goes: the search field, at the top of what is left, takes the focus.
            window.setTimeout(() => area.current?.querySelector<HTMLElement>('input[type="search"]')?.focus());
          }}
        />
      )}
    </div>
  );
  return editor ? <DropArea add={uploads.add}>{content}</DropArea> : content;
}

/** An image in the grid: its thumbnail, its name (the control that opens it) and its size. */
function ImageCard({ image, onOpen }: { image: LibraryImage; onOpen(): void }) {
  return (
    <li className="cloud-image">
      <img
        className="cloud-image-thumb"
        src={thumbnail(image.src, 320)}
        srcSet={`${thumbnail(image.src, 320)} 1x, ${thumbnail(image.src, 640)} 2x`}
        alt={image.alt}
        width={320}
        height={320}
        loading="lazy"
        decoding="async"
      />
      <AriaButton className="cloud-image-open" onPress={onOpen}>
        <bdi>{image.name}</bdi>
      </AriaButton>
      <span className="cloud-muted">{ct('library.dimensions', { width: image.width, height: image.height })}</span>
    </li>
  );
}
