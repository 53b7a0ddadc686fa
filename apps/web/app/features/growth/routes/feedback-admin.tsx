import { Form, redirect } from 'react-router';
import { holdsRole } from '@kunci/contracts/staff';
import { href, parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/feedback-admin';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  if (!holdsRole(user.role, ['editor'])) throw redirect(href(lang, 'dashboard'));
  return { queue: (await serverApi(context, lang).feedbackQueue()).content };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const form = await request.formData();
  const decision = form.get('decision') === 'approve' ? 'approve' : 'reject';
  await serverApi(context, lang).decideFeedback(Number(form.get('id')), decision);
  return { decision };
}

export const meta: Route.MetaFunction = noindexMeta('growth.testimonials.admin');

/** Editors approve feedback to show it as a testimonial, or reject it. */
export default function FeedbackAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, date } = useI18n();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('growth.testimonials.admin')}</h1>
      {actionData ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 text-brand-900">
          {t(actionData.decision === 'approve' ? 'growth.testimonials.approved' : 'growth.testimonials.rejected')}
        </p>
      ) : null}
      {loaderData.queue.length === 0 ? (
        <p className="mt-6 text-gray-700">{t('growth.testimonials.empty')}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.queue.map((item) => (
            <li key={item.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <p className="text-sm text-gray-700">
                {t('growth.testimonials.by', {
                  name: item.name || '-',
                  role: t(item.role === 'TENANT' ? 'growth.feedback.TENANT' : 'growth.feedback.LANDLORD'),
                })}{' '}
                · {t('growth.testimonials.rating', { rating: item.rating })} · {date(item.createdAt)}
              </p>
              <p className="mt-2" lang={item.language}>
                {item.message}
              </p>
              <Form method="post" className="mt-3 flex gap-3">
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  name="decision"
                  value="approve"
                  className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
                >
                  {t('growth.testimonials.approve')}
                </button>
                <button
                  type="submit"
                  name="decision"
                  value="reject"
                  className="rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50"
                >
                  {t('growth.testimonials.reject')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
