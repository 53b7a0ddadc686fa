import { Form, data } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import type { Route } from './+types/outbox';

/** The development outbox as a page: a 404 wherever the API route answers 404 (not in demo mode, or another machine). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const to = url.searchParams.get('to')?.trim() ?? '';
  try {
    // Asked even without a recipient, so the empty page is not shown where the outbox does not exist.
    const messages = await serverApi(context, lang).outbox(to || '+60100000000');
    return { to, messages: to ? messages : [] };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof ApiError && error.status === 422) return { to, messages: [] };
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('outbox.title');

const LABEL = 'mt-3 text-xs font-medium uppercase tracking-wide text-gray-500';

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t, dateTime } = useI18n();
  const { to, messages } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('outbox.title')}</h1>
      <p className="mt-2 text-gray-600">{t('outbox.subtitle')}</p>
      <Form method="get" className="mt-6 flex gap-2">
        <label htmlFor="outbox-to" className="sr-only">
          {t('outbox.to')}
        </label>
        <input
          id="outbox-to"
          name="to"
          defaultValue={to}
          placeholder={t('outbox.to')}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 px-3 py-2"
        />
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white">
          {t('outbox.show')}
        </button>
      </Form>
      {to && messages.length === 0 ? <p className="mt-6 text-gray-600">{t('outbox.empty')}</p> : null}
      <ul className="mt-6 space-y-3">
        {messages.map((m) => (
          <li key={m.id} className="rounded-xl border border-gray-200 p-4 wrap-anywhere">
            <p className="text-xs uppercase tracking-wide text-gray-500">
              {m.channel} · {m.to} · {t('outbox.sentAt', { date: dateTime(m.createdAt) })}
            </p>
            {m.subject ? <p className="mt-1 font-medium">{m.subject}</p> : null}
            {m.headers ? (
              <>
                <p className={LABEL}>{t('outbox.headers')}</p>
                <dl className="mt-1 space-y-1 font-mono text-xs" data-testid="outbox-headers">
                  {Object.entries(m.headers).map(([name, value]) => (
                    <div key={name}>
                      <dt className="inline font-semibold">{`${name}:`}</dt> <dd className="inline">{value}</dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
            {m.html ? (
              <>
                <p className={LABEL}>{t('outbox.html')}</p>
                {/* No sandbox permission at all: the email's scripts do not run, and its opaque origin keeps it
                    from this page and its cookies. */}
                <iframe
                  sandbox=""
                  srcDoc={m.html}
                  title={t('outbox.htmlFrame', { subject: m.subject ?? '' })}
                  className="mt-1 block h-[28rem] w-full rounded-lg border border-gray-200"
                />
                <p className={LABEL}>{t('outbox.text')}</p>
              </>
            ) : null}
            <p className="mt-1 whitespace-pre-line" data-testid="outbox-body">
              {m.body}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
