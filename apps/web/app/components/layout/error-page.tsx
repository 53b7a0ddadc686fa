import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';

/** The 404 and error page, in the visitor's language. */
export function ErrorPage({ status }: { status: number }) {
  const { t, href } = useI18n();
  const notFound = status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-600">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{notFound ? t('notFound.title') : t('error.title')}</h1>
      <p className="mt-3 text-gray-600">{notFound ? t('notFound.body') : t('error.body')}</p>
      <Link to={href('home')} className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
