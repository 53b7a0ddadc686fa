import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';

const TEXT = {
  404: ['notFound.title', 'notFound.body'],
  429: ['error.rateLimited.title', 'error.rateLimited.body'],
  503: ['error.unavailable.title', 'error.unavailable.body'],
} as const;

/** The 404, 429 (too many requests), 503 (busy or away) and error page, in the visitor's language. */
export function ErrorPage({ status }: { status: number }) {
  const { t, href } = useI18n();
  const [title, body] = status === 404 || status === 429 || status === 503 ? TEXT[status] : (['error.title', 'error.body'] as const);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-600">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t(title)}</h1>
      <p className="mt-3 text-gray-600">{t(body)}</p>
      <Link to={href('home')} className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
