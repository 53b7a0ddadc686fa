import { Form, Link, data, redirect, useNavigation } from 'react-router';
import type { MessageKey } from '@kunci/i18n/messages';
import { href as hrefFor, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/tenant-search';

/** `/dashboard/listings/tenantsearch/{propertyId}`: tenants whose stated needs fit the owner's listing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const propertyId = Number(params.propertyId);
  try {
    const [listing, matches] = await Promise.all([api.manageListing(propertyId), api.tenantSearch(propertyId)]);
    return { listing: { id: listing.id, name: listing.name, type: listing.type }, matches: matches.content };
  } catch (error) {
    if (error instanceof ApiError) throw data(error.body?.message ?? '', { status: error.status === 403 ? 404 : error.status });
    throw error;
  }
}

/** Inviting a tenant opens the conversation and goes straight to it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang, api, form } = await signedInForm(request, context);
  try {
    const conversation = await api.inviteTenant(Number(params.propertyId), String(form.get('tenantId')));
    return redirect(hrefFor(lang, 'chat', undefined, { chatId: String(conversation.id) }));
  } catch (error) {
    if (error instanceof ApiError) return data({ error: error.body?.message ?? '' }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('tenantSearch.title');

export default function TenantSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href, money, date } = useI18n();
  const navigation = useNavigation();
  const { listing, matches } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('tenantSearch.title')}</h1>
      <p className="mt-2 text-gray-700">
        {listing.type.endsWith('_SALE') ? t('tenantSearch.sale') : t('tenantSearch.intro', { name: listing.name })}
      </p>
      {actionData && 'error' in actionData ? (
        <p role="alert" className="mt-4 text-red-700">
          {actionData.error}
        </p>
      ) : null}
      {matches.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-600">{t('tenantSearch.empty')}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {matches.map((m) => (
            <li key={m.tenantId} className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-200 p-4">
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">{m.name}</h2>
                <p className="text-sm text-gray-700">
                  {[
                    m.budget ? t('tenantSearch.budget', { budget: money(m.budget) }) : null,
                    m.moveInDate ? t('tenantSearch.moveIn', { date: date(`${m.moveInDate}T00:00:00.000Z`) }) : null,
                    m.tenancyDuration ? t('tenantSearch.tenancy', { months: m.tenancyDuration }) : null,
                    m.reasonForMoving ? t(`chat.reasonOption.${m.reasonForMoving}` as MessageKey) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {m.conversationId ? (
                <Link
                  to={href('chat', undefined, { chatId: String(m.conversationId) })}
                  className="rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50"
                >
                  {t('tenantSearch.openChat')}
                </Link>
              ) : (
                <Form method="post">
                  <input type="hidden" name="tenantId" value={m.tenantId} />
                  <button
                    type="submit"
                    disabled={navigation.state !== 'idle'}
                    className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-60"
                  >
                    {t('tenantSearch.invite', { name: m.name })}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
