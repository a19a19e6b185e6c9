/**
 * How an image looks in the text: the picture, shown from the bytes the node carries, or 'Missing
 * image {filename}' when there is nothing to show (an empty file, bytes no browser can decode). A
 * plain DOM node view, so that the picture is made once per file rather than on every redraw.
 */
import type { Node } from 'prosemirror-model';
import type { NodeViewConstructor } from 'prosemirror-view';
import { imagePreviewUrl } from '../../lib/imagePreview';
import { et } from '../messages';

export const imageNodeView: NodeViewConstructor = (initial) => {
  let node: Node = initial;
  let url: string | null = null;
  const dom = document.createElement('span');
  dom.className = 'editor-image';

  const showMissing = () => {
    dom.classList.add('editor-image-missing');
    dom.replaceChildren(et('image.missing', { filename: node.attrs.filename as string }));
  };

  // Each render's picture arrives later (an SVG is drawn first); only the latest one is shown.
  let rendering = 0;
  const render = () => {
    if (url !== null) URL.revokeObjectURL(url);
    url = null;
    rendering += 1;
    const mine = rendering;
    dom.classList.remove('editor-image-missing');
    const bytes = node.attrs.src as Uint8Array;
    if (bytes.length === 0) return showMissing();
    const extension = /\.([^.]+)$/.exec(node.attrs.filename as string)?.[1] ?? '';
    void imagePreviewUrl(bytes, extension).then((made) => {
      if (mine !== rendering || destroyed) {
        if (made !== null) URL.revokeObjectURL(made);
        return;
      }
      if (made === null) return showMissing();
      url = made;
      const img = document.createElement('img');
      img.src = made;
      img.alt = node.attrs.alt as string;
      if (node.attrs.title !== '') img.title = node.attrs.title as string;
      img.addEventListener('error', showMissing);
      dom.replaceChildren(img);
    });
  };
  let destroyed = false;

  render();
  return {
    dom,
    update(next) {
      if (next.type !== node.type) return false;
      const sameFile = next.attrs.src === node.attrs.src && next.attrs.filename === node.attrs.filename;
      node = next;
      // A new alt text or title keeps the picture; a new file makes a new one.
      if (sameFile && dom.firstChild instanceof HTMLImageElement) {
        dom.firstChild.alt = node.attrs.alt as string;
        dom.firstChild.title = node.attrs.title as string;
      } else {
        render();
      }
      return true;
    },
    destroy() {
      destroyed = true;
      if (url !== null) URL.revokeObjectURL(url);
    },
  };
};
