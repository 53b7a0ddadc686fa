import { useState } from 'react';
import { Link } from 'react-router';
import { LANGUAGES, LANGUAGE_NAME, type Language } from '@kunci/i18n/locales';
import { parsePath } from '@kunci/i18n/paths';
import { SelectField } from '../../../components/ui/field.tsx';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { seo } from '../../../lib/seo.ts';
import type { Route } from './+types/price-widget';

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  return { path, lang: parsePath(path).lang };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('growth.price.widgetTitle')} | ${t('app.name')}`,
    description: t('growth.price.widgetIntro'),
    canonicalPath: loaderData?.path ?? '/more/price-widget',
    publicUrl,
  });
};

function CodeBlock({ id, label, code }: { id: string; label: string; code: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-4">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        <button
          type="button"
          className="rounded-full border border-gray-300 px-3 py-1 text-sm hover:bg-gray-50"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            });
          }}
        >
          <span aria-live="polite">{copied ? t('growth.price.copied') : t('growth.price.copy')}</span>
        </button>
      </div>
      <textarea
        id={id}
        readOnly
        rows={3}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 block w-full rounded-lg border border-gray-300 bg-gray-50 p-3 font-mono text-sm"
      />
    </div>
  );
}

/** The price widget for other sites: the one line to paste (script or iframe), in the chosen language, and a preview. */
export default function PriceWidget({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { publicUrl } = useRootData();
  const [language, setLanguage] = useState<Language>(loaderData.lang);
  const widgetUrl = `${publicUrl}/widget/price-checker?lang=${language}`;
  const script = `<script src="${publicUrl}/widget/price-checker.js" data-lang="${language}" async></script>`;
  const iframe = `<iframe src="${widgetUrl}" title="${t('growth.price.title')}" width="420" height="420" style="border:0;max-width:100%" loading="lazy"></iframe>`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.price.widgetTitle')}</h1>
      <p className="mt-2 text-gray-700">{t('growth.price.widgetIntro')}</p>
      <div className="mt-6 max-w-xs">
        <SelectField
          id="widget-language"
          label={t('growth.price.widgetLanguage')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language)}
          options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAME[lang] }))}
        />
      </div>
      <CodeBlock id="widget-script" label={t('growth.price.widgetScript')} code={script} />
      <CodeBlock id="widget-iframe" label={t('growth.price.widgetIframe')} code={iframe} />
      <h2 className="mt-8 text-lg font-semibold">{t('growth.price.widgetPreview')}</h2>
      <iframe
        key={language}
        src={`/widget/price-checker?lang=${language}`}
        title={t('growth.price.title')}
        className="mt-3 h-[28rem] w-full max-w-[420px] rounded-xl border-0"
        loading="lazy"
      />
      <p className="mt-6 text-sm">
        <Link to={href('priceChecker')} className="text-brand-700 hover:underline">
          {t('growth.price.openChecker')}
        </Link>
      </p>
    </div>
  );
}
