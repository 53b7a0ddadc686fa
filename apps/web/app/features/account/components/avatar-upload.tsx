import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

/** Sends the chosen picture straight to the API; the server checks it, strips its metadata and resizes it. */
export function AvatarUpload({ userId, avatar }: { userId: string; avatar: string | null }) {
  const { t } = useI18n();
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    setStatus(null);
    try {
      await api.uploadAvatar(userId, file);
      setStatus({ ok: true, text: t('avatar.saved') });
      await revalidator.revalidate();
    } catch (error) {
      setStatus({ ok: false, text: error instanceof ApiError ? (error.body?.message ?? t('errors.11500')) : t('errors.network') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex items-center gap-4">
      {avatar ? (
        <img src={avatar.replace('{w}', '640')} alt={t('avatar.alt')} width={72} height={72} className="h-18 w-18 rounded-full object-cover" />
      ) : (
        <div className="h-18 w-18 rounded-full bg-gray-100" aria-hidden="true" />
      )}
      <div>
        <label className="inline-block cursor-pointer rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50 focus-within:outline-2 focus-within:outline-brand-600">
          {t('avatar.upload')}
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic"
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        {status ? (
          <p role="status" className={`mt-2 text-sm ${status.ok ? 'text-brand-700' : 'text-red-700'}`}>
            {status.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
