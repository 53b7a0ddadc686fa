import { useState } from 'react';
import { ApiError, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

type Progress = { name: string; percent: number; error?: string };

/** PUTs one file to its signed URL with upload progress (fetch has none; XHR does). */
function put(url: string, file: File, contentType: string, onProgress: (percent: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(file);
  });
}

/**
 * Picks files and sends each straight to storage: a signed URL from the API, the PUT with a progress bar,
 * then registration (the API checks and re-encodes it). Errors come back in the user's language.
 */
export function Uploader({
  propertyId,
  kind,
  label,
  multiple,
  onDone,
}: {
  propertyId: number;
  kind: 'image' | 'video';
  label: string;
  multiple: boolean;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const api = useApi();
  const [progress, setProgress] = useState<Progress[]>([]);

  async function send(file: File, index: number) {
    const update = (change: Partial<Progress>) => setProgress((all) => all.map((p, i) => (i === index ? { ...p, ...change } : p)));
    const fail = (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      update({ error: error.body?.message ?? error.message });
    };
    const extension = file.name.includes('.') ? file.name.split('.').pop()! : kind;
    const presigned = await api.listingUpload(propertyId, `upload.${extension}`).catch(fail);
    if (!presigned) return;
    const { presignedUrl, mediaId, contentType, maxBytes } = presigned;
    if (file.size > maxBytes) return update({ error: t('post.upload.tooLarge') });
    const status = await put(presignedUrl, file, contentType, (percent) => update({ percent })).catch(() => 0);
    // Our own signed URLs answer 204, an object store's presigned PUT 200: any 2xx is the file stored.
    if (status < 200 || status > 299) return update({ error: status === 413 ? t('post.upload.tooLarge') : t('error.body') });
    const registered = await (
      kind === 'image'
        ? api.registerImage(propertyId, { mediaId })
        : api.registerVideo(propertyId, { url: `${mediaId}.${extension.toLowerCase()}`, type: 'GENERAL', sourceType: 'AWS_S3' })
    ).catch(fail);
    if (!registered) return;
    update({ percent: 100 });
  }

  async function choose(files: FileList | null) {
    if (!files?.length) return;
    const list = [...files];
    setProgress(list.map((f) => ({ name: f.name, percent: 0 })));
    for (const [index, file] of list.entries()) await send(file, index);
    onDone();
    setProgress((all) => all.filter((p) => p.error));
  }

  return (
    <div>
      <label className="inline-flex cursor-pointer items-center rounded-full bg-brand-700 px-5 py-3 font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-brand-800">
        {label}
        <input
          type="file"
          className="sr-only"
          multiple={multiple}
          accept={kind === 'image' ? 'image/jpeg,image/png,image/webp,image/heic,image/heif' : 'video/mp4,video/webm,video/quicktime'}
          onChange={(event) => void choose(event.currentTarget.files)}
        />
      </label>
      <ul className="mt-3 space-y-2">
        {progress.map((p) => (
          <li key={p.name}>
            {p.error ? (
              <p role="alert" className="text-sm text-red-700">
                {t('post.upload.failed', { name: p.name, reason: p.error })}
              </p>
            ) : (
              <>
                <span className="text-sm text-gray-700">{t('post.upload.progress', { name: p.name })}</span>
                <progress
                  className="mt-1 block h-2 w-full accent-brand-600"
                  max={100}
                  value={p.percent}
                  aria-label={t('post.upload.progress', { name: p.name })}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
