import { useState } from 'react';
import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import type { RamciStatus } from '@kunci/contracts/screening';
import { href } from '@kunci/i18n/paths';
import { Button, Field, FormError, TextAreaField } from '../../../components/ui/field.tsx';
import { ApiError, fieldErrors, serverApi } from '../../../lib/api.ts';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { languageOf, useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/ramci';

const MAX_MB = BUSINESS.screening.documentMaxBytes / (1024 * 1024);
const UUID = /^[0-9a-f-]{36}$/i;

/** The booking this check is for (`?deal=`), when the tenant came from their deal. */
const dealOf = (request: Request) => {
  const deal = new URL(request.url).searchParams.get('deal');
  return deal && UUID.test(deal) ? deal : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageOf(request);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const [status, { questions }] = await Promise.all([api.ramciStatus(), api.ramciQuestions()]);
  return {
    status,
    questions,
    dealId: dealOf(request),
    profile: { name: user.name === 'guest' ? '' : (user.name ?? ''), email: user.email ?? '', phone: user.phoneNumber ?? '' },
  };
}

/** A picture from the form as base64, or null when none was chosen. */
async function base64Of(value: FormDataEntryValue | null): Promise<string | null> {
  if (!(value instanceof File) || value.size === 0) return null;
  return Buffer.from(await value.arrayBuffer()).toString('base64');
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang, api, form, intent, text } = await signedInForm(request, context);
  try {
    if (intent === 'submit') {
      const answers = [...form.keys()].filter((key) => key.startsWith('q_')).map((key) => ({ questionId: key.slice(2), answerId: text(key) }));
      await api.ramciSubmit({ name: text('name'), nric: text('nric'), email: text('email'), phone: text('phone'), securityQuestions: answers });
    } else if (intent === 'consent') {
      const [icFront, icBack] = await Promise.all([base64Of(form.get('icFront')), base64Of(form.get('icBack'))]);
      if (!icFront || !icBack)
        return data({ intent, error: null, fields: { [icFront ? 'icBack' : 'icFront']: 'screening.ic.invalid' } }, { status: 400 });
      await api.ramciConsent({ icFront, icBack, nric: text('nric') });
    } else if (intent === 'attach') {
      const dealId = text('dealId');
      await api.dealRamci(dealId);
      return redirect(href(lang, 'deal', undefined, { id: dealId }));
    } else if (intent === 'justify') {
      const files = await Promise.all(
        form
          .getAll('files')
          .filter((file): file is File => file instanceof File && file.size > 0)
          .map(async (file) => ({ contentType: file.type as 'application/pdf', data: (await base64Of(file))! })),
      );
      const dealId = text('dealId');
      await api.justifyZeroDeposit({ reason: text('reason'), files, ...(dealId ? { dealId } : {}) });
      return { intent, error: null, fields: {}, sent: true };
    }
    return { intent, error: null, fields: {} };
  } catch (error) {
    if (error instanceof ApiError && error.body && error.status < 500)
      return data({ intent, error: error.body.message, fields: fieldErrors(error.body.fields) }, { status: 400 });
    // The bureau's other errors ("Unknown error") come as a 503 whose message is meant for the user.
    if (error instanceof ApiError && error.status === 503 && error.body)
      return data({ intent, error: error.body.message, fields: {} }, { status: 503 });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('screening.ramci.title');

/** The check's steps in order; a step's number is its place here plus one. */
const STEPS = ['questions', 'consent', 'result'] as const;
const STEP_OF: Record<RamciStatus['state'], 1 | 2 | 3> = { NONE: 1, PENDING: 2, CONSENT_FAIL: 2, CONSENT_UPDATED: 3, SUCCESS: 3, FAIL: 3 };

/** `/ramci/zero-deposit`: the credit check in three steps (questions, consent with the IC's photos, result). */
export default function RamciPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { status, dealId } = loaderData;
  const [restart, setRestart] = useState(false);
  const step = restart ? 1 : STEP_OF[status.state];
  const fieldMessage = (name: string) => {
    const message = actionData?.fields?.[name as keyof typeof actionData.fields] as string | undefined;
    return message ? (message.startsWith('screening.') ? t(message as 'screening.ic.invalid') : message) : undefined;
  };
  const error = actionData?.error ?? undefined;

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('screening.ramci.title')}</h1>
      <p className="mt-2 text-gray-700">{t('screening.ramci.intro')}</p>
      <ol className="mt-4 flex flex-wrap gap-2 text-sm" aria-label={t('screening.ramci.progress', { current: step })}>
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index + 1 === step ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${index + 1 < step ? 'bg-green-100 text-green-900' : index + 1 === step ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-700'}`}
          >
            {index + 1}. {t('screening.ramci.step', { step: name })}
          </li>
        ))}
      </ol>

      {status.nric && !restart ? <p className="mt-4 text-sm text-gray-700">{t('screening.ramci.nric', { nric: status.nric })}</p> : null}

      {step === 1 ? (
        <QuestionsStep questions={loaderData.questions} profile={loaderData.profile} error={error} fieldMessage={fieldMessage} />
      ) : step === 2 ? (
        <ConsentStep status={status} error={error} fieldMessage={fieldMessage} />
      ) : (
        <ResultStep status={status} dealId={dealId} error={error} sent={Boolean(actionData && 'sent' in actionData && actionData.sent)} />
      )}

      {step > 1 && (status.state === 'PENDING' || status.state === 'CONSENT_FAIL') ? (
        <Button type="button" variant="link" className="mt-6" onClick={() => setRestart(true)}>
          {t('screening.ramci.restart')}
        </Button>
      ) : null}
      {dealId ? (
        <p className="mt-6">
          <DealLink dealId={dealId} />
        </p>
      ) : null}
    </div>
  );
}

function DealLink({ dealId }: { dealId: string }) {
  const { t, href } = useI18n();
  return (
    <Link to={href('deal', undefined, { id: dealId })} className="font-medium text-brand-700 hover:underline">
      {t('screening.ramci.backToDeal')}
    </Link>
  );
}

/** A step's title, which its form or section is labelled by (`ramci-step-<n>`). */
function StepTitle({ step }: { step: (typeof STEPS)[number] }) {
  const { t } = useI18n();
  return (
    <h2 id={`ramci-step-${STEPS.indexOf(step) + 1}`} className="text-lg font-semibold">
      {t('screening.ramci.step', { step })}
    </h2>
  );
}

/** The tenant's NRIC, asked with the questions and again with the consent. */
function NricField({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useI18n();
  return (
    <Field
      id={id}
      name="nric"
      label={t('screening.field.nric')}
      hint={t('screening.field.nric.hint')}
      required
      inputMode="numeric"
      autoComplete="off"
      maxLength={14}
      error={error}
    />
  );
}

/** A photo of one side of the IC, taken with the back camera on a phone. */
function IcPhotoField({ id, side, error }: { id: string; side: 'Front' | 'Back'; error: string | undefined }) {
  const { t } = useI18n();
  return (
    <Field
      id={id}
      name={`ic${side}`}
      type="file"
      accept="image/jpeg,image/png"
      capture="environment"
      label={t(`screening.field.ic${side}`)}
      hint={t('screening.field.icHint', { mb: MAX_MB })}
      required
      error={error}
    />
  );
}

function Submit({ label }: { label: string }) {
  const { t } = useI18n();
  const busy = useNavigation().state !== 'idle';
  return (
    <Button type="submit" disabled={busy} className="sm:w-auto">
      {busy ? t('screening.ramci.sending') : label}
    </Button>
  );
}

function QuestionsStep({
  questions,
  profile,
  error,
  fieldMessage,
}: {
  questions: Route.ComponentProps['loaderData']['questions'];
  profile: { name: string; email: string; phone: string };
  error: string | undefined;
  fieldMessage: (name: string) => string | undefined;
}) {
  const { t } = useI18n();
  return (
    <Form method="post" className="mt-6 space-y-4" aria-labelledby="ramci-step-1">
      <StepTitle step="questions" />
      <FormError message={error} />
      <input type="hidden" name="intent" value="submit" />
      <Field
        id="ramci-name"
        name="name"
        label={t('screening.field.name')}
        defaultValue={profile.name}
        required
        autoComplete="name"
        error={fieldMessage('name')}
      />
      <NricField id="ramci-nric" error={fieldMessage('nric')} />
      <Field
        id="ramci-email"
        name="email"
        type="email"
        label={t('screening.field.email')}
        defaultValue={profile.email}
        required
        autoComplete="email"
        error={fieldMessage('email')}
      />
      <Field
        id="ramci-phone"
        name="phone"
        type="tel"
        label={t('screening.field.phone')}
        defaultValue={profile.phone}
        required
        autoComplete="tel"
        error={fieldMessage('phone')}
      />
      <p className="text-sm text-gray-700">{t('screening.ramci.questions.legend')}</p>
      {questions.map((question) => (
        <fieldset key={question.id} className="rounded-lg border border-gray-200 p-3">
          <legend className="px-1 font-medium">{question.text}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {question.options.map((option) => (
              <label key={option.id} className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-gray-50">
                <input type="radio" name={`q_${question.id}`} value={option.id} required />
                {option.text}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <Submit label={t('screening.ramci.submit')} />
    </Form>
  );
}

function ConsentStep({
  status,
  error,
  fieldMessage,
}: {
  status: RamciStatus;
  error: string | undefined;
  fieldMessage: (name: string) => string | undefined;
}) {
  const { t } = useI18n();
  return (
    <Form method="post" encType="multipart/form-data" className="mt-6 space-y-4" aria-labelledby="ramci-step-2">
      <StepTitle step="consent" />
      <p role="status" className={status.state === 'CONSENT_FAIL' ? 'rounded-lg bg-amber-50 p-3 text-amber-900' : 'text-gray-700'}>
        {t('screening.ramci.state', { state: status.state })} {status.reason ? t(status.reason as 'screening.credit.consentFailReason') : null}
      </p>
      <FormError message={error} />
      <input type="hidden" name="intent" value="consent" />
      <NricField id="consent-nric" error={fieldMessage('nric')} />
      <IcPhotoField id="consent-front" side="Front" error={fieldMessage('icFront')} />
      <IcPhotoField id="consent-back" side="Back" error={fieldMessage('icBack')} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="agree" required className="mt-1" />
        <span>
          <strong>{t('screening.ramci.consent.agree')}.</strong> {t('screening.ramci.consent.text')}
        </span>
      </label>
      <Submit label={t('screening.ramci.consent.submit')} />
    </Form>
  );
}

function ResultStep({ status, dealId, error, sent }: { status: RamciStatus; dealId: string | null; error: string | undefined; sent: boolean }) {
  const { t } = useI18n();
  const passed = status.state === 'SUCCESS';
  return (
    <section aria-labelledby="ramci-step-3" className="mt-6 space-y-4">
      <StepTitle step="result" />
      <p
        role="status"
        data-testid="ramci-result"
        className={`rounded-lg p-3 font-medium ${passed ? 'bg-green-50 text-green-900' : status.state === 'FAIL' ? 'bg-red-50 text-red-900' : 'bg-gray-50'}`}
      >
        {t('screening.ramci.state', { state: status.state })} {status.reason ? t(status.reason as 'screening.credit.failReason') : null}
      </p>
      <FormError message={error} />
      {(passed || status.state === 'FAIL') && dealId ? (
        <Form method="post">
          <input type="hidden" name="intent" value="attach" />
          <input type="hidden" name="dealId" value={dealId} />
          <Submit label={t('screening.ramci.useForDeal')} />
        </Form>
      ) : passed ? (
        <p className="text-sm text-gray-700">{t('screening.ramci.noDeal')}</p>
      ) : null}
      {status.state === 'FAIL' ? <Justification dealId={dealId} sent={sent} /> : null}
    </section>
  );
}

function Justification({ dealId, sent }: { dealId: string | null; sent: boolean }) {
  const { t } = useI18n();
  if (sent)
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
        {t('screening.justify.sent')}
      </p>
    );
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-xl border border-gray-200 p-4" aria-labelledby="justify-title">
      <h3 id="justify-title" className="font-semibold">
        {t('screening.justify.title')}
      </h3>
      <p className="text-sm text-gray-700">{t('screening.justify.intro')}</p>
      <input type="hidden" name="intent" value="justify" />
      {dealId ? <input type="hidden" name="dealId" value={dealId} /> : null}
      <TextAreaField
        id="justify-reason"
        name="reason"
        label={t('screening.justify.reason')}
        hint={t('screening.justify.reasonHint')}
        required
        minLength={20}
        maxLength={2000}
        rows={4}
      />
      <div>
        <label htmlFor="justify-files" className="block text-sm font-medium text-gray-800">
          {t('screening.justify.files', { count: BUSINESS.screening.justificationFiles })}
        </label>
        <input id="justify-files" name="files" type="file" multiple accept=".pdf,.jpg,.jpeg,.png" className="mt-1 block w-full text-sm" />
      </div>
      <Submit label={t('screening.justify.submit')} />
    </Form>
  );
}
