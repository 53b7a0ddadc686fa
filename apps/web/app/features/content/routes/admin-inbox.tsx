import { Form, Link, redirect } from 'react-router';
import type { MessageKey } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireStaffPage } from '../staff.server.ts';
import type { Route } from './+types/admin-inbox';

const STAFF = ['moderator', 'operations', 'editor'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = requireStaffPage(request, context, STAFF);
  const api = serverApi(context, lang);
  const [contacts, leads] = await Promise.all([api.contactMessages(), api.homeLeads()]);
  return { contacts: contacts.content, leads: leads.content };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = requireStaffPage(request, context, STAFF);
  const id = Number((await request.formData()).get('id'));
  if (Number.isInteger(id) && id > 0) await serverApi(context, lang).markContactHandled(id);
  return redirect(href(lang, 'adminInbox'));
}

export const meta: Route.MetaFunction = noindexMeta('content.admin.inbox');

/** What visitors sent: contact messages (marked answered by staff) and home-ownership enquiries. */
export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { t, href: link, dateTime } = useI18n();
  const { contacts, leads } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={link('adminContent')} className="text-brand-700 hover:underline">
          {t('content.admin.back')}
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">{t('content.admin.inbox')}</h1>
      <p className="mt-1 text-gray-700">{t('content.admin.inboxLead')}</p>
      <section aria-labelledby="contacts" className="mt-8">
        <h2 id="contacts" className="text-xl font-semibold">
          {t('content.admin.contacts')}
        </h2>
        {contacts.length ? (
          <ul className="mt-3 space-y-3">
            {contacts.map((m) => (
              <li key={m.id} className={`rounded-xl border p-4 ${m.status === 'NEW' ? 'border-brand-600' : 'border-gray-200 opacity-80'}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium">
                    {m.name} ·{' '}
                    <a href={`mailto:${m.email}`} className="text-brand-700 underline">
                      {m.email}
                    </a>
                    {m.phoneNumber ? ` · ${m.phoneNumber}` : ''}
                  </p>
                  <p className="text-sm text-gray-600">
                    {t(`content.contact.topic.${m.topic}` as MessageKey)} · {m.language.toUpperCase()} · {dateTime(m.createdAt)}
                  </p>
                </div>
                <p className="mt-2 whitespace-pre-line text-gray-800">{m.message}</p>
                {m.status === 'NEW' ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" className="rounded-full border border-gray-300 px-3 py-1.5 text-sm hover:border-brand-600">
                      {t('content.admin.markHandled')}
                    </button>
                  </Form>
                ) : (
                  <p className="mt-2 text-sm text-green-800">{t('content.admin.handled')}</p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-gray-600">{t('content.admin.noMessages')}</p>
        )}
      </section>
      <section aria-labelledby="leads" className="mt-10">
        <h2 id="leads" className="text-xl font-semibold">
          {t('content.admin.leads')}
        </h2>
        {leads.length ? (
          <ul className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200">
            {leads.map((lead) => (
              <li key={lead.id} className="p-4">
                <p className="font-medium">
                  {lead.projectName}: {lead.name} ·{' '}
                  <a href={`tel:${lead.phoneNumber}`} className="text-brand-700 underline">
                    {lead.phoneNumber}
                  </a>
                  {lead.email ? ` · ${lead.email}` : ''}
                </p>
                <p className="text-sm text-gray-600">
                  {lead.language.toUpperCase()} · {dateTime(lead.createdAt)}
                </p>
                {lead.message ? <p className="mt-1 whitespace-pre-line text-gray-800">{lead.message}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-gray-600">{t('content.admin.noMessages')}</p>
        )}
      </section>
    </div>
  );
}
