import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';

/** Share a listing (or a shortlist, with its own `message`): WhatsApp (the way Malaysians share homes) and copy link. */
export function ShareButtons({ url, message }: { url: string; message?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(message ?? t('details.whatsappText', { url }))}`;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('details.share')}>
      <a
        href={whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded-full bg-[#075E54] px-4 py-2 text-sm font-medium text-white hover:bg-[#064c44]"
      >
        {t('details.shareWhatsApp')}
      </a>
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch {
            window.prompt(t('details.copyLink'), url);
          }
        }}
        className="rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50"
      >
        {copied ? t('details.copied') : t('details.copyLink')}
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? t('details.copied') : ''}
      </span>
    </div>
  );
}
