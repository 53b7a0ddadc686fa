import { Link, data, redirect, useActionData } from 'react-router';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { CoverThumb } from '../components/cover-thumb.tsx';
import { ReviewConfirmation, ReviewDecisionForm, decideReview } from '../components/review-decision.tsx';
import { refOf } from '../draft.server.ts';
import type { Route } from './+types/review';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  if (user.role !== 'moderator') throw redirect(href(lang, 'dashboard'));
  const api = serverApi(context, lang);
  // Back from a decision taken on a listing's preview (`?approved=<id>` or `?rejected=<id>`): confirm it here.
  const params = new URL(request.url).searchParams;
  const decision: 'approve' | 'reject' | null = params.has('approved') ? 'approve' : params.has('rejected') ? 'reject' : null;
  const decidedId = refOf(params.get(decision === 'approve' ? 'approved' : 'rejected'));
  const [queue, decided] = await Promise.all([
    api.reviewQueue(0),
    decision && decidedId !== null
      ? api.manageListing(decidedId).then(
          (listing) => ({ decision, name: listing.name }),
          (error: unknown) => {
            if (error instanceof ApiError && error.status < 500) return null;
            throw error;
          },
        )
      : null,
  ]);
  return { queue, decided };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await signedInForm(request, context);
  const id = Number(form.get('id'));
  const outcome = await decideReview(api, id, form);
  return outcome.ok ? { ...outcome, id } : data({ ...outcome, id }, { status: 400 });
}

export const meta: Route.MetaFunction = noindexMeta('review.title');

/** Moderators: each listing waiting for review, oldest first, opened as tenants will see it, approved or rejected with a reason. */
export default function Review({ loaderData }: Route.ComponentProps) {
  const { t, money, href: link } = useI18n();
  const result = useActionData<typeof action>();
  const { queue } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('review.title')}</h1>
      <ReviewConfirmation decided={result?.ok ? result : loaderData.decided} />
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
              <ReviewDecisionForm id={listing.id} className="mt-3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
