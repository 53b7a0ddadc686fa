import { Link } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import type { Route } from './+types/unsubscribe';

/**
 * The unsubscribe link of a notice email (`?token=`): one click turns that kind of email off as the page opens,
 * signed in or not. The token names one person, one kind of notice and the channel; a bad one changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const token = url.searchParams.get('token') ?? '';
  try {
    return { done: await serverApi(context, lang).unsubscribeNotices(token) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { done: null };
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('notifications.unsubscribe.title');

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { done } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 md:py-16">
      <h1 className="text-2xl font-bold md:text-3xl">{done ? t('notifications.unsubscribe.title') : t('notifications.unsubscribe.invalidTitle')}</h1>
      <p className="mt-4 text-lg text-gray-800" role="status">
        {done ? t('notifications.unsubscribe.done', { label: done.label }) : t('notifications.unsubscribe.invalid')}
      </p>
      <Link
        to={href('notificationSettings')}
        className="mt-6 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
      >
        {t('notifications.unsubscribe.settings')}
      </Link>
    </div>
  );
}
