import { Form, data, useActionData, useNavigation } from 'react-router';
import type { KeyStatus } from '@kunci/contracts/homerunner';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, StaffQueue } from '../components/staff-queue.tsx';
import { requireStaff, staffAction, staffForm, unlessRefused } from '../staff.server.ts';
import type { Route } from './+types/keys';

const ROLES = ['operations'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang } = requireStaff(request, context, ROLES);
  const api = serverApi(context, lang);
  const [keys, runners] = await Promise.all([unlessRefused(api.staffKeys()), unlessRefused(api.runners())]);
  return { role: user.role, keys, runners };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ROLES);
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  const runner = () => ({ name: String(form.get('name') ?? ''), phone: String(form.get('phone') ?? ''), active: form.get('active') === 'on' });
  const result = await staffAction(api, form, async () => {
    if (intent === 'addRunner') return { saved: (await api.addRunner(runner())).name, kind: 'runner' as const };
    if (intent === 'updateRunner') return { saved: (await api.updateRunner(Number(id), runner())).name, kind: 'runner' as const };
    const step =
      intent === 'assign'
        ? ({ action: 'ASSIGN', runnerId: Number(form.get('runnerId')) } as const)
        : intent === 'collected'
          ? ({ action: 'COLLECTED' } as const)
          : ({ action: 'RETURNED' } as const);
    return { saved: (await api.staffKeyStep(id, step)).propertyName, kind: 'key' as const };
  });
  return result.ok ? { ...result, id } : data({ ...result, id }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('services.homerunner.staff.title')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

const input = 'block w-full rounded-lg border border-gray-300 px-3 py-2';

/**
 * Operations dispatch home runners: the open key collections (soonest pickup first) with the landlord, the address
 * and the pickup, a runner to assign, and the keys marked collected or returned; below, the runners they dispatch.
 * Every step is audit-logged and told to the landlord by the API.
 */
export default function Keys({ loaderData }: Route.ComponentProps) {
  const { t, label } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { keys, runners } = loaderData;
  const active = (runners?.content ?? []).filter((runner) => runner.active);
  const saved = result?.ok ? result.value : null;
  const failureOf = (id: string, intents: string[]) =>
    result && !result.ok && !('needsPin' in result) && result.id === id && intents.includes(result.intent)
      ? result.error || t('services.homerunner.staff.failed')
      : undefined;
  return (
    <AdminShell role={loaderData.role} title={t('services.homerunner.staff.title')}>
      <p className="max-w-prose text-gray-700">{t('services.homerunner.staff.intro')}</p>
      {saved ? (
        <ActionMessage
          result={result}
          done={t(saved.kind === 'runner' ? 'services.homerunner.staff.runnerSaved' : 'services.homerunner.staff.saved', {
            property: saved.saved,
            name: saved.saved,
          })}
        />
      ) : null}
      <PinPrompt result={result} />
      <StaffQueue queue={keys} loadError={t('services.homerunner.staff.loadError')} empty={t('services.homerunner.staff.empty')}>
        {(item) => {
          const headingId = `key-${item.id}`;
          const failure = failureOf(item.id, ['assign', 'collected', 'returned']);
          const canAssign = item.status === 'SCHEDULED' || item.status === 'ASSIGNED';
          const held = item.status === 'COLLECTED' || item.status === 'RETURN_REQUESTED';
          return (
            <article aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
              <h2 id={headingId} className="text-lg font-semibold break-words">
                {item.propertyName}
              </h2>
              <p className="text-sm text-gray-700">
                {label(t('services.homerunner.staff.status'))}
                <StatusName status={item.status} />
              </p>
              <dl className="mt-3 grid gap-x-3 gap-y-1 sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium">{t('services.homerunner.staff.landlord')}</dt>
                <dd className="mb-2 break-words sm:mb-0">
                  {item.ownerName}{' '}
                  <a href={`tel:${item.ownerPhone}`} className="text-brand-700 text-sm underline">
                    {item.ownerPhone}
                  </a>
                </dd>
                <dt className="font-medium">{t('services.homerunner.staff.address')}</dt>
                <dd className="mb-2 break-words sm:mb-0">{item.address}</dd>
                <dt className="font-medium">{t('services.homerunner.staff.pickup')}</dt>
                <dd className="mb-2 sm:mb-0">
                  {item.pickupDateTime ? <KeyTime value={item.pickupDateTime} /> : t('services.homerunner.staff.notBooked')}
                </dd>
                {item.returnDateTime ? (
                  <>
                    <dt className="font-medium">{t('services.homerunner.staff.return')}</dt>
                    <dd className="mb-2 sm:mb-0">
                      <KeyTime value={item.returnDateTime} />
                    </dd>
                  </>
                ) : null}
                <dt className="font-medium">{t('services.homerunner.staff.runner')}</dt>
                <dd>{item.runnerName ?? t('services.homerunner.staff.noRunnerYet')}</dd>
              </dl>
              {canAssign && active.length > 0 ? (
                <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={item.id} />
                  <div className="min-w-0 grow sm:grow-0">
                    <label htmlFor={`runner-${item.id}`} className="block text-sm font-medium">
                      {t('services.homerunner.staff.chooseRunner')}
                    </label>
                    <select
                      id={`runner-${item.id}`}
                      name="runnerId"
                      required
                      defaultValue={item.runnerId ?? ''}
                      className="mt-1 block w-full max-w-full rounded-lg border border-gray-300 px-3 py-2.5"
                    >
                      <option value="" disabled>
                        {t('services.homerunner.staff.chooseRunner')}
                      </option>
                      {active.map((runner) => (
                        <option key={runner.id} value={runner.id}>
                          {runner.name} ({runner.phone})
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" name="intent" value="assign" disabled={busy} className={SECONDARY_BUTTON}>
                    {t('services.homerunner.staff.assign')}
                  </button>
                </Form>
              ) : null}
              {canAssign || held ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" name="intent" value={held ? 'returned' : 'collected'} disabled={busy} className={PRIMARY_BUTTON}>
                    {t(held ? 'services.homerunner.staff.returned' : 'services.homerunner.staff.collected')}
                  </button>
                </Form>
              ) : null}
              {failure ? (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {failure}
                </p>
              ) : null}
            </article>
          );
        }}
      </StaffQueue>

      <section aria-labelledby="runners-title" className="mt-10">
        <h2 id="runners-title" className="text-xl font-bold">
          {t('services.homerunner.staff.runners')}
        </h2>
        <p className="max-w-prose text-gray-700">{t('services.homerunner.staff.runnersIntro')}</p>
        {!runners ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
            {t('services.homerunner.staff.loadError')}
          </p>
        ) : runners.content.length === 0 ? (
          <p className="mt-4 text-gray-700">{t('services.homerunner.staff.runnersEmpty')}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {runners.content.map((runner) => (
              <li key={runner.id}>
                <RunnerForm
                  id={String(runner.id)}
                  intent="updateRunner"
                  busy={busy}
                  runner={runner}
                  failure={failureOf(String(runner.id), ['updateRunner'])}
                  fields={result && !result.ok && 'fields' in result && result.id === String(runner.id) ? result.fields : undefined}
                />
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-6 text-lg font-semibold">{t('services.homerunner.staff.addRunner')}</h3>
        <RunnerForm
          id=""
          intent="addRunner"
          busy={busy}
          failure={failureOf('', ['addRunner'])}
          fields={result && !result.ok && 'fields' in result && result.intent === 'addRunner' ? result.fields : undefined}
        />
      </section>
    </AdminShell>
  );
}

function StatusName({ status }: { status: KeyStatus }) {
  const { t } = useI18n();
  return <>{t('services.homerunner.staff.statusName', { status })}</>;
}

/** A key time as the API writes it (`2026-11-27 10-00`, Malaysia time), as the reader's language dates it. */
function KeyTime({ value }: { value: string }) {
  const { date } = useI18n();
  return (
    <>
      {date(`${value.slice(0, 10)}T00:00:00.000+08:00`)}, {`${value.slice(11, 13)}:${value.slice(14, 16)}`}
    </>
  );
}

/** A runner's name, phone and whether they are dispatched: a new one, or one to change. */
function RunnerForm({
  id,
  intent,
  busy,
  runner,
  failure,
  fields,
}: {
  id: string;
  intent: 'addRunner' | 'updateRunner';
  busy: boolean;
  runner?: { name: string; phone: string; active: boolean };
  failure?: string | undefined;
  fields?: Record<string, string> | undefined;
}) {
  const { t } = useI18n();
  const prefix = runner ? `runner-${id}` : 'new-runner';
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 p-3"
      aria-label={runner?.name ?? t('services.homerunner.staff.addRunner')}
    >
      <input type="hidden" name="id" value={id} />
      <div className="min-w-0 grow basis-40">
        <label htmlFor={`${prefix}-name`} className="block text-sm font-medium">
          {t('services.homerunner.staff.name')}
        </label>
        <input id={`${prefix}-name`} name="name" required minLength={2} maxLength={80} defaultValue={runner?.name} className={`mt-1 ${input}`} />
      </div>
      <div className="min-w-0 grow basis-40">
        <label htmlFor={`${prefix}-phone`} className="block text-sm font-medium">
          {t('services.homerunner.staff.phone')}
        </label>
        <input
          id={`${prefix}-phone`}
          name="phone"
          type="tel"
          autoComplete="off"
          required
          maxLength={20}
          defaultValue={runner?.phone}
          aria-invalid={fields?.['phone'] ? true : undefined}
          aria-describedby={fields?.['phone'] ? `${prefix}-phone-error` : undefined}
          className={`mt-1 ${input}`}
        />
        {fields?.['phone'] ? (
          <p id={`${prefix}-phone-error`} className="mt-1 text-sm text-red-700">
            {fields['phone']}
          </p>
        ) : null}
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="active" defaultChecked={runner?.active ?? true} className="size-4" />
        {t('services.homerunner.staff.active')}
      </label>
      <button type="submit" name="intent" value={intent} disabled={busy} className={runner ? SECONDARY_BUTTON : PRIMARY_BUTTON}>
        {t(runner ? 'services.homerunner.staff.save' : 'services.homerunner.staff.add')}
      </button>
      {runner && !runner.active ? <p className="w-full text-sm text-gray-700">{t('services.homerunner.staff.inactive')}</p> : null}
      {failure && !fields?.['phone'] ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </Form>
  );
}
