import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { CoverThumb } from '../components/cover-thumb.tsx';
import type { Route } from './+types/review';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  if (user.role !== 'moderator') throw redirect(href(lang, 'dashboard'));
  return { queue: await serverApi(context, lang).reviewQueue(0) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const decision = form.get('decision') === 'approve' ? 'approve' : 'reject';
  try {
    await serverApi(context, lang).listingAction(id, decision, decision === 'reject' ? String(form.get('reason') ?? '') : undefined);
    return { ok: true, id };
  } catch (error) {
    if (error instanceof ApiError && error.body)
      return data({ ok: false, id, error: error.body.fields?.[0]?.message ?? error.body.message }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('review.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

/** Moderators: each listing waiting for review, oldest first, opened as tenants will see it, approved or rejected with a reason. */
export default function Review({ loaderData }: Route.ComponentProps) {
  const { t, money, href: link } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { queue } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('review.title')}</h1>
      {queue.content.length === 0 ? <p className="mt-8 text-gray-600">{t('review.empty')}</p> : null}
      <ul className="mt-6 space-y-4">
        {queue.content.map((listing) => (
          <li key={listing.id} className="flex flex-col gap-4 rounded-xl border border-gray-200 p-4 sm:flex-row">
            <CoverThumb listing={listing} />
            <div className="flex-1">
              <h2 className="text-lg font-semibold">
                <Link to={link('reviewPreview', { id: listing.id })} className="hover:underline">
                  {listing.name}
                </Link>
              </h2>
              <p className="font-semibold text-brand-700">{money(listing.price)}</p>
              <p className="text-sm text-gray-600">{t('review.photos', { count: listing.photoCount })}</p>
              <Link to={link('reviewPreview', { id: listing.id })} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline">
                {t('review.preview.open')}
              </Link>
              {result && result.id === listing.id && !result.ok && 'error' in result ? (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {result.error}
                </p>
              ) : null}
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="id" value={listing.id} />
                <button
                  type="submit"
                  name="decision"
                  value="approve"
                  disabled={navigation.state !== 'idle'}
                  className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
                >
                  {t('review.approve')}
                </button>
                <label className="flex flex-col text-sm">
                  <span>{t('review.reason')}</span>
                  <input name="reason" maxLength={500} className="mt-1 rounded-lg border border-gray-300 px-3 py-2" />
                </label>
                <button
                  type="submit"
                  name="decision"
                  value="reject"
                  disabled={navigation.state !== 'idle'}
                  className="rounded-full border border-red-300 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
                >
                  {t('review.reject')}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
