import { useState } from 'react';
import { Form } from 'react-router';
import type { ReferralLink } from '@kunci/contracts/growth';
import { BUSINESS } from '@kunci/contracts/business';
import { useI18n } from '../../../lib/i18n.tsx';

/** The referrer's link with copy and WhatsApp share; without a link yet, the button that makes one. */
export function ReferralLinkBox({ link, loginHref }: { link: ReferralLink | null; loginHref: string | null }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  if (loginHref)
    return (
      <a href={loginHref} className="inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
        {t('growth.refer.signInForLink')}
      </a>
    );
  if (!link)
    return (
      <Form method="post">
        <button type="submit" name="intent" value="link" className="rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
          {t('growth.refer.getLink')}
        </button>
      </Form>
    );
  const message = t('growth.refer.shareMessage', { discount: BUSINESS.growth.referral.refereeDiscount, url: link.url });
  return (
    <div>
      <label htmlFor="referral-link" className="block text-sm font-medium text-gray-800">
        {t('growth.refer.yourLink')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="referral-link"
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2.5 font-mono text-sm"
        />
        <button
          type="button"
          className="shrink-0 rounded-full border border-gray-300 px-4 py-2.5 text-sm font-medium hover:bg-gray-50"
          onClick={() => {
            void navigator.clipboard?.writeText(link.url).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            });
          }}
        >
          <span aria-live="polite">{copied ? t('growth.refer.copied') : t('growth.refer.copy')}</span>
        </button>
        <a
          href={`https://wa.me/?text=${encodeURIComponent(message.replace(link.url, `${link.url}?source=whatsapp`))}`}
          target="_blank"
          rel="noopener noreferrer"
          className="shrink-0 rounded-full bg-[#128c4a] px-4 py-2.5 text-center text-sm font-medium text-white hover:bg-[#0f7a40]"
        >
          {t('growth.refer.shareWhatsApp')}
        </a>
      </div>
    </div>
  );
}
