import { Link, data, useActionData, useNavigation } from 'react-router';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { Pager } from '../components/table-tools.tsx';
import { DecisionForm, StaffQueue } from '../components/staff-queue.tsx';
import { requireStaff, staffAction, staffForm, unlessRefused, type StaffActionResult } from '../staff.server.ts';
import type { Route } from './+types/justifications';

const PAGE_SIZE = 10;
const MARKET_PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['operations']);
  // The console's pager counts pages from 0; the API from 1.
  const page = Math.max(0, Number(url.searchParams.get('page')) || 0);
  const api = serverApi(context, lang);
  const [queue, market] = await Promise.all([
    unlessRefused(api.justificationQueue({ page: page + 1, pageSize: PAGE_SIZE })),
    unlessRefused(api.marketPriceQueue({ pageSize: MARKET_PAGE_SIZE })),
  ]);
  return { role: user.role, queue, market, page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ['operations']);
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
      <StaffQueue queue={queue} loadError={t('screening.review.loadError')} empty={t('screening.review.empty')}>
        {(item) => {
          const mine = result && !result.ok && result.id === item.id ? result : undefined;
          const headingId = `justification-${item.id}`;
          return (
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
              <Decision fields={{ id: item.id, kind: 'deposit' }} hint={t('screening.review.noteHint')} busy={busy} mine={mine} />
            </article>
          );
        }}
      </StaffQueue>
      {queue && queue.total > 0 ? <Pager page={page} totalPages={Math.ceil(queue.total / PAGE_SIZE)} total={queue.total} /> : null}

      <section aria-labelledby="market-title" className="mt-10">
        <h2 id="market-title" className="text-xl font-bold">
          {t('screening.review.marketTitle')}
        </h2>
        <p className="max-w-prose text-gray-700">{t('screening.review.marketIntro')}</p>
        <StaffQueue queue={market} loadError={t('screening.review.loadError')} empty={t('screening.review.marketEmpty')}>
          {(item) => {
            const mine = result && !result.ok && result.id === item.id ? result : undefined;
            const headingId = `market-${item.id}`;
            return (
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
                <Decision fields={{ id: item.id, kind: 'market' }} busy={busy} mine={mine} />
              </article>
            );
          }}
        </StaffQueue>
        {market && market.total > market.content.length ? (
          <p className="mt-3 text-sm text-gray-700">{t('screening.review.marketMore', { count: market.content.length })}</p>
        ) : null}
      </section>
    </AdminShell>
  );
}

/** A note and Accept / Refuse for one justification (the note is required), with what the last try on it answered. */
function Decision({
  fields,
  hint,
  busy,
  mine,
}: {
  fields: { id: string; kind: 'deposit' | 'market' };
  hint?: string;
  busy: boolean;
  mine: StaffActionResult<unknown> | undefined;
}) {
  const { t } = useI18n();
  return (
    <DecisionForm
      fields={fields}
      note={{ label: t('screening.review.note'), ...(hint ? { hint } : {}) }}
      choices={[
        { intent: 'accept', label: t('screening.review.accept') },
        { intent: 'refuse', label: t('screening.review.refuse') },
      ]}
      busy={busy}
      noteError={mine && 'fields' in mine ? mine.fields?.['note'] : undefined}
      failure={mine && !mine.ok && !('needsPin' in mine) ? mine.error || t('screening.review.failed') : undefined}
    />
  );
}
