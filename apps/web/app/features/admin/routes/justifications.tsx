import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { Pager } from '../components/table-tools.tsx';
import { requireStaff, staffAction } from '../staff.server.ts';
import type { Route } from './+types/justifications';

const PAGE_SIZE = 10;
const MARKET_PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['operations']);
  // The console's pager counts pages from 0; the API from 1.
  const page = Math.max(0, Number(url.searchParams.get('page')) || 0);
  const api = serverApi(context, lang);
  const settled = async <T,>(work: Promise<T>): Promise<T | null> => {
    try {
      return await work;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return null;
    }
  };
  const [queue, market] = await Promise.all([
    settled(api.justificationQueue({ page: page + 1, pageSize: PAGE_SIZE })),
    settled(api.marketPriceQueue({ pageSize: MARKET_PAGE_SIZE })),
  ]);
  return { role: user.role, queue, market, page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = requireStaff(request, context, ['operations']);
  const form = await request.formData();
  const api = serverApi(context, lang);
  const id = String(form.get('id') ?? '');
  const status = form.get('intent') === 'accept' ? 'ACCEPTED' : 'REFUSED';
  const note = String(form.get('note') ?? '');
  const result = await staffAction(api, form, async () =>
    form.get('kind') === 'market'
      ? { kind: 'market' as const, decision: (await api.decideMarketPrice(id, { status, note })).status as string }
      : { kind: 'deposit' as const, decision: (await api.decideJustification(id, { status, note })).outcome as string },
  );
  return result.ok ? { ...result, id } : data({ ...result, id }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('screening.review.title')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/**
 * Operations review zero-deposit justifications: each tenant's reason, their files (signed reads made for this staff
 * member, opened in a new tab), and a decision with a note the tenant reads. Deciding asks for a PIN when the session
 * has not confirmed one recently.
 */
export default function Justifications({ loaderData }: Route.ComponentProps) {
  const { t, dateTime, href, money } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { queue, market, page } = loaderData;
  const decided = result?.ok ? result.value : null;
  return (
    <AdminShell role={loaderData.role} title={t('screening.review.title')}>
      <p className="max-w-prose text-gray-700">{t('screening.review.intro')}</p>
      {decided ? (
        <ActionMessage
          result={result}
          done={t(decided.kind === 'market' ? 'screening.review.marketDone' : 'screening.review.done', { decision: decided.decision })}
        />
      ) : null}
      <PinPrompt result={result} />
      {!queue ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {t('screening.review.loadError')}
        </p>
      ) : queue.content.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">{t('screening.review.empty')}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {queue.content.map((item) => {
            const mine = result && !result.ok && result.id === item.id ? result : undefined;
            const noteError = mine && 'fields' in mine ? mine.fields?.['note'] : undefined;
            const headingId = `justification-${item.id}`;
            return (
              <li key={item.id}>
                <article aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
                  <h2 id={headingId} className="text-lg font-semibold">
                    {item.tenant.name} <span className="text-sm font-normal text-gray-700">{item.tenant.phone}</span>
                  </h2>
                  <p className="text-sm text-gray-700">{t('screening.review.sent', { date: dateTime(item.createdAt) })}</p>
                  <dl className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr]">
                    <dt className="font-medium">{t('screening.review.deal')}</dt>
                    <dd>
                      {item.deal ? (
                        <>
                          <Link to={href('deal', undefined, { id: item.deal.id })} className="text-brand-700 underline">
                            {item.deal.propertyName}
                          </Link>
                          <span className="block text-sm text-gray-700">
                            {t('screening.review.dealState', { state: t('deal.state', { state: item.deal.state }) })}
                          </span>
                        </>
                      ) : (
                        t('screening.review.noDeal')
                      )}
                    </dd>
                    <dt className="font-medium">{t('screening.review.reason')}</dt>
                    <dd className="whitespace-pre-wrap">{item.reason}</dd>
                    <dt className="font-medium">{t('screening.review.files')}</dt>
                    <dd>
                      {item.files.length === 0 ? (
                        t('screening.review.noFiles')
                      ) : (
                        <ul className="space-y-1">
                          {item.files.map((file, index) => (
                            <li key={file.fileId}>
                              <a href={file.url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                                {t('screening.review.file', { index: index + 1 })}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </dd>
                  </dl>
                  <Form method="post" className="mt-4 space-y-2">
                    <input type="hidden" name="id" value={item.id} />
                    <input type="hidden" name="kind" value="deposit" />
                    <label htmlFor={`note-${item.id}`} className="block font-medium">
                      {t('screening.review.note')}
                    </label>
                    <p id={`note-hint-${item.id}`} className="text-sm text-gray-700">
                      {t('screening.review.noteHint')}
                    </p>
                    <textarea
                      id={`note-${item.id}`}
                      name="note"
                      required
                      maxLength={1000}
                      rows={3}
                      aria-describedby={`note-hint-${item.id}${noteError ? ` note-error-${item.id}` : ''}`}
                      aria-invalid={noteError ? true : undefined}
                      className="block w-full rounded-lg border border-gray-300 px-3 py-2"
                    />
                    {noteError ? (
                      <p id={`note-error-${item.id}`} className="text-sm text-red-700">
                        {noteError}
                      </p>
                    ) : mine && !('needsPin' in mine) ? (
                      <p role="alert" className="text-sm text-red-700">
                        {mine.error || t('screening.review.failed')}
                      </p>
                    ) : null}
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="submit"
                        name="intent"
                        value="accept"
                        disabled={busy}
                        className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
                      >
                        {t('screening.review.accept')}
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="refuse"
                        disabled={busy}
                        className="min-h-11 rounded-lg border border-gray-400 px-4 py-2 font-medium hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
                      >
                        {t('screening.review.refuse')}
                      </button>
                    </div>
                  </Form>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {queue && queue.total > 0 ? <Pager page={page} totalPages={Math.ceil(queue.total / PAGE_SIZE)} total={queue.total} /> : null}

      <section aria-labelledby="market-title" className="mt-10">
        <h2 id="market-title" className="text-xl font-bold">
          {t('screening.review.marketTitle')}
        </h2>
        <p className="max-w-prose text-gray-700">{t('screening.review.marketIntro')}</p>
        {!market ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
            {t('screening.review.loadError')}
          </p>
        ) : market.content.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">{t('screening.review.marketEmpty')}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {market.content.map((item) => {
              const mine = result && !result.ok && result.id === item.id ? result : undefined;
              const headingId = `market-${item.id}`;
              return (
                <li key={item.id}>
                  <article aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
                    <h3 id={headingId} className="text-lg font-semibold">
                      {item.listing.name}
                    </h3>
                    <p className="text-sm text-gray-700">{t('screening.review.sent', { date: dateTime(item.createdAt) })}</p>
                    <dl className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr]">
                      <dt className="font-medium">{t('screening.review.landlord')}</dt>
                      <dd>
                        {item.landlord.name} <span className="text-sm text-gray-700">{item.landlord.phone}</span>
                      </dd>
                      <dt className="font-medium">{t('screening.review.marketTitle')}</dt>
                      <dd>
                        {t('screening.review.rentVsMedian', { price: money(item.rent), median: money(item.comparableRent), count: item.comparables })}
                      </dd>
                      <dt className="font-medium">{t('screening.review.reason')}</dt>
                      <dd className="whitespace-pre-wrap">{item.reason}</dd>
                    </dl>
                    <DecisionForm
                      id={item.id}
                      busy={busy}
                      noteError={mine && 'fields' in mine ? mine.fields?.['note'] : undefined}
                      failure={mine && !('needsPin' in mine) ? mine.error || t('screening.review.failed') : undefined}
                    />
                  </article>
                </li>
              );
            })}
          </ul>
        )}
        {market && market.total > market.content.length ? (
          <p className="mt-3 text-sm text-gray-700">{t('screening.review.marketMore', { count: market.content.length })}</p>
        ) : null}
      </section>
    </AdminShell>
  );
}

/** A note and Accept / Refuse for one market-price justification (the note is required). */
function DecisionForm({ id, busy, noteError, failure }: { id: string; busy: boolean; noteError?: string | undefined; failure?: string | undefined }) {
  const { t } = useI18n();
  return (
    <Form method="post" className="mt-4 space-y-2">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="kind" value="market" />
      <label htmlFor={`note-${id}`} className="block font-medium">
        {t('screening.review.note')}
      </label>
      <textarea
        id={`note-${id}`}
        name="note"
        required
        maxLength={1000}
        rows={3}
        aria-describedby={noteError ? `note-error-${id}` : undefined}
        aria-invalid={noteError ? true : undefined}
        className="block w-full rounded-lg border border-gray-300 px-3 py-2"
      />
      {noteError ? (
        <p id={`note-error-${id}`} className="text-sm text-red-700">
          {noteError}
        </p>
      ) : failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="accept"
          disabled={busy}
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
        >
          {t('screening.review.accept')}
        </button>
        <button
          type="submit"
          name="intent"
          value="refuse"
          disabled={busy}
          className="min-h-11 rounded-lg border border-gray-400 px-4 py-2 font-medium hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
        >
          {t('screening.review.refuse')}
        </button>
      </div>
    </Form>
  );
}
