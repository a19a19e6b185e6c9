/**
 * Uploading a file to the cloud from a cloud image field: checked first (a refusal is a critical
 * toast and nothing is sent), then sent with its progress; a failure is a critical toast in the
 * words the call rejects with, and the field keeps what it held. One upload at a time.
 */
import { useRef, useState } from 'react';
import type { UploadedCloudImage } from '../../api/cloudImages';
import { useToast } from '../../ui/Toast';
import { useMounted } from '../../ui/useMounted';
import type { CloudImages } from '../FieldProps';
import { uploadRefusal, uploadsOffered } from './upload';

/** Idle, or sending with the part sent (0 to 1; null until the browser says). */
export type UploadStatus = { kind: 'idle' } | { kind: 'sending'; sent: number | null };

const idle: UploadStatus = { kind: 'idle' };

export function useCloudUpload(cloud: CloudImages | undefined, onUploaded: (image: UploadedCloudImage) => void) {
  const showToast = useToast();
  const [status, setStatus] = useState<UploadStatus>(idle);
  const sending = useRef(false);
  const mounted = useMounted();

  const take = (file: File) => {
    // Where uploads are not offered, nothing dropped or pasted is sent.
    if (sending.current || !uploadsOffered(cloud)) return;
    const refusal = uploadRefusal(file, cloud?.session != null);
    if (refusal !== null) {
      showToast(refusal, { tone: 'critical' });
      return;
    }
    // Not reached: without the cloud's calls there is no session, which the check refused.
    if (cloud === undefined) return;
    sending.current = true;
    setStatus({ kind: 'sending', sent: null });
    const done = () => {
      sending.current = false;
      if (mounted.current) setStatus(idle);
    };
    cloud.upload(file, (sent) => mounted.current && setStatus({ kind: 'sending', sent })).then(
      (image) => {
        done();
        if (mounted.current) onUploaded(image);
      },
      (error: unknown) => {
        done();
        showToast(error instanceof Error ? error.message : String(error), { tone: 'critical' });
      },
    );
  };
  return { status, take };
}
