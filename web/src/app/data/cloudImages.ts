/**
 * The cloud's images as cloud image fields reach them (`FieldContext.cloudImages`): the person's
 * session with the cloud, from the config's answer, and the calls the site's server relays.
 */
import { fetchCloudImages, lookUpCloudImage, uploadCloudImage } from '../../api/cloudImages';
import type { CloudSession } from '../../api/wire';
import type { CloudImages } from '../../fields/FieldProps';

/** `offered`: the site has a cloud project. */
export function cloudImagesFor(session: CloudSession | null, offered: boolean): CloudImages {
  return {
    offered,
    session: session === null ? null : { url: session.url, hasLibrary: session.imageLibraryUrl !== null, canUpload: session.canUpload },
    upload: uploadCloudImage,
    lookUp: lookUpCloudImage,
    list: fetchCloudImages,
  };
}
