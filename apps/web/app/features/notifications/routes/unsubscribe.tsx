import { Form, Link, useNavigation } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { Button } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import type { Route } from './+types/unsubscribe';

/**
 * The unsubscribe link of a notice email (`?token=`), signed in or not. Opening it changes nothing (mail scanners
 * follow links): it says what would stop, and the button (a plain form POST, no script needed) stops it.
 * The token names one person, one kind of notice and the channel; a bad one changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname.replace(/\.data$/, ''));
  const token = url.searchParams.get('token') ?? '';
  try {
    return { token, target: await serverApi(context, lang).unsubscribeTarget(token) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { token, target: null };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname.replace(/\.data$/, ''));
  const token = String((await request.formData()).get('token') ?? '');
  try {
    return { done: await serverApi(context, lang).unsubscribeNotices(token) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { done: null };
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('notifications.unsubscribe.confirmTitle');

/** A channel's name inside a sentence ("Pemberitahuan e-mel untuk …"), not the settings' capitalised column header. */
const CHANNEL_LABEL = {
  email: 'notifications.unsubscribe.channel.email',
  sms: 'notifications.unsubscribe.channel.sms',
  push: 'notifications.unsubscribe.channel.push',
} as const;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const navigation = useNavigation();
  const { token, target } = loaderData;
  const done = actionData?.done;
  const invalid = actionData ? !done : !target;
  const title = invalid
    ? 'notifications.unsubscribe.invalidTitle'
    : done
      ? 'notifications.unsubscribe.title'
      : 'notifications.unsubscribe.confirmTitle';
  return (
    <div className="mx-auto max-w-xl px-4 py-10 md:py-16">
      <h1 className="text-2xl font-bold md:text-3xl">{t(title)}</h1>
      {invalid ? (
        <p className="mt-4 text-lg text-gray-800" role="status">
          {t('notifications.unsubscribe.invalid')}
        </p>
      ) : done ? (
        <p className="mt-4 text-lg text-gray-800" role="status">
          {t('notifications.unsubscribe.doneChannel', { label: done.label, channel: t(CHANNEL_LABEL[done.channel]) })}
        </p>
      ) : target ? (
        <Form method="post" className="mt-4">
          <p className="text-lg text-gray-800">
            {t('notifications.unsubscribe.confirm', { label: target.label, channel: t(CHANNEL_LABEL[target.channel]) })}
          </p>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" className="mt-6" disabled={navigation.state !== 'idle'}>
            {t('notifications.unsubscribe.stop')}
          </Button>
        </Form>
      ) : null}
      <Link
        to={href('notificationSettings')}
        className={`mt-6 inline-block ${done || invalid ? 'rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800' : 'text-brand-700 underline'}`}
      >
        {t('notifications.unsubscribe.settings')}
      </Link>
    </div>
  );
}
