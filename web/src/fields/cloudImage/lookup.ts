/**
 * A pasted address of one of the cloud's images brings what the cloud knows of it: its alt text
 * (unless some was typed) and its size.
 */
import type { CloudImageData } from '../../api/cloudImages';
import type { CloudImageState } from './schema';

/** Whether `src` is an image on the cloud at `cloudUrl`, which can say more of it. */
export function isCloudImageUrl(src: string, cloudUrl: string): boolean {
  return src.startsWith(`${cloudUrl.replace(/\/+$/, '')}/images/`);
}

/** `state` with what the cloud knows of its image; alt text already there is kept. */
export function withLookedUp(state: CloudImageState, found: CloudImageData): CloudImageState {
  return {
    ...state,
    alt: state.alt === '' ? found.alt : state.alt,
    width: Math.round(found.width),
    height: Math.round(found.height),
  };
}
