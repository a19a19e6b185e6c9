/**
 * The cloud's images as cloud image fields reach them (`FieldContext.cloudImages`): the person's
 * session with the cloud, from the config's answer, and the calls the site's server relays.
 */
import { fetchCloudImages, lookUpCloudImage, uploadCloudImage } from '../../api/cloudImages';
import type { CloudSession } from '../../api/wire';
import type { CloudImages } from '../../fields/FieldProps';

export function cloudImagesFor(session: CloudSession | null): CloudImages {
  return {
    session: session === null ? null : { url: session.url, hasLibrary: session.imageLibraryUrl !== null, canUpload: session.canUpload },
    upload: uploadCloudImage,
    lookUp: lookUpCloudImage,
    list: fetchCloudImages,
  };
}
