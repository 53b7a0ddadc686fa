import { useEffect, useRef } from 'react';
import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { PASSWORD_MIN_LENGTH, userTypeName } from '@kunci/contracts/constants';
import { LANGUAGE_NAME } from '@kunci/i18n/locales';
import { parsePath } from '@kunci/i18n/paths';
import type { MessageKey } from '@kunci/i18n/messages';
import { Button, Field } from '../../../components/ui/field.tsx';
import { ApiError, fieldErrors, serverApi, type Api } from '../../../lib/api.ts';
import { clientRefusal } from '../../../lib/form-action.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import { SavedNotice } from '../components/saved-notice.tsx';
import type { Route } from './+types/profile';

/** The parts of the one profile form, each saved through its own API call. */
type Part = 'details' | 'salary' | 'password' | 'psychometric';
type SaveResult = {
  intent: 'save';
  ok: boolean;
  savedAt: number;
  /** Field errors keyed by the form's input names. */
  fields?: Record<string, string>;
  /** A part's refusal that names no field. */
  parts?: Partial<Record<Part, string>>;
  /** Some other part of the same submit was saved. */
  savedSome?: boolean;
};
type EmailResult = { intent: 'work-email-request' | 'work-email-verify'; ok: boolean; error?: string; email?: string };
type Result = SaveResult | EmailResult;

const USER_TYPES = [
  ['WORKING_ADULT', 1],
  ['FAMILY', 2],
  ['STUDENT', 3],
] as const;
const LANGUAGES = [
  ['EN', 'en'],
  ['MY', 'ms'],
  ['ZH', 'zh'],
] as const;
const RENTAL_ROLES = [
  ['TENANT', 'dashboard.firstRun.tenant'],
  ['LANDLORD', 'dashboard.firstRun.landlord'],
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const [{ userAttributes }, psychometric, providers] = await Promise.all([api.attributes(user.id), api.psychometric(user.id), api.providers()]);
  return {
    user,
    salary: typeof userAttributes['monthly_salary'] === 'number' ? userAttributes['monthly_salary'] : null,
    companyEmail: typeof userAttributes['company_email'] === 'string' ? userAttributes['company_email'] : null,
    psychometric,
    facebook: providers.facebook !== null,
    setPassword: url.searchParams.has('setPassword'),
  };
}

/** What each part sends, and how the API's field names map back to the form's inputs. */
function partsOf(form: FormData, user: { id: string; passwordSet: boolean }, api: Api) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const parts: { part: Part; save: () => Promise<unknown>; field: (apiField: string | null) => string | null }[] = [];
  const rentalRole = text('rentalRole');
  parts.push({
    part: 'details',
    save: () =>
      api.updateUser(user.id, {
        name: text('name'),
        email: text('email') || null,
        language: text('language') as 'EN' | 'MY' | 'ZH',
        userType: Number(form.get('userType')),
        ...(rentalRole === 'TENANT' || rentalRole === 'LANDLORD' ? { rentalRole } : {}),
      }),
    field: (name) => name,
  });
  // Left empty, the salary and the password stay as they are.
  if (text('salary') !== '') parts.push({ part: 'salary', save: () => api.setSalary(user.id, Number(text('salary'))), field: () => 'salary' });
  const password = String(form.get('password') ?? '');
  if (password !== '') {
    const current = String(form.get('currentPassword') ?? '');
    parts.push({
      part: 'password',
      save: () => api.setPassword(user.id, password, current || undefined),
      // A wrong or missing current password names no field: it belongs beside the current password.
      field: (name) => name ?? (user.passwordSet ? 'currentPassword' : 'password'),
    });
  }
  const answers = Object.fromEntries(
    [...form.entries()].filter(([key]) => key.startsWith('q_')).map(([key, value]) => [key.slice(2), String(value)]),
  );
  if (Object.keys(answers).length > 0)
    parts.push({ part: 'psychometric', save: () => api.savePsychometric(user.id, answers), field: (name) => (name ? `q_${name}` : null) });
  return parts;
}

/** One submit saves every part that changed; a refused part is reported beside its fields, the others stay saved. */
async function saveProfile(form: FormData, user: { id: string; passwordSet: boolean }, api: Api) {
  const fields: Record<string, string> = {};
  const refused: Partial<Record<Part, string>> = {};
  let savedSome = false;
  // One after another: several parts write the same user row.
  for (const { part, save, field } of partsOf(form, user, api)) {
    try {
      await save();
      savedSome = true;
    } catch (error) {
      if (!(error instanceof ApiError) || !error.body || error.status >= 500) throw error;
      const named = Object.entries(fieldErrors(error.body.fields));
      if (named.length === 0) {
        const target = field(null);
        if (target) fields[target] = error.body.message;
        else refused[part] = error.body.message;
      }
      for (const [name, message] of named) fields[field(name === 'monthly_salary' ? 'salary' : name) ?? name] = message;
    }
  }
  const ok = Object.keys(fields).length === 0 && Object.keys(refused).length === 0;
  const result: SaveResult = { intent: 'save', ok, savedAt: Date.now(), ...(ok ? {} : { fields, parts: refused, savedSome }) };
  return ok ? result : data(result, { status: 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const form = await request.formData();
  const intent = String(form.get('intent'));
  if (intent === 'save') return saveProfile(form, user, api);
  const which = intent === 'work-email-verify' ? 'work-email-verify' : 'work-email-request';
  const email = String(form.get('email') ?? '').trim();
  try {
    if (which === 'work-email-request') await api.requestWorkEmailCode(user.id, email);
    else await api.verifyWorkEmail(user.id, email, String(form.get('code') ?? '').trim());
    return { intent: which, ok: true, email } satisfies Result;
  } catch (error) {
    return data({ intent: which, ok: false, error: clientRefusal(error).error, email } satisfies Result, { status: 400 });
  }
}

export const meta: Route.MetaFunction = noindexMeta('profile.title');

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-gray-200 p-5 md:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function FieldsetError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** The refused parts of a save, each linking to its field, focused so keyboard and screen-reader users land on it. */
function SaveProblems({ result, labels }: { result: SaveResult; labels: Record<string, string> }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [result.savedAt]);
  const fieldProblems = Object.entries(result.fields ?? {});
  const partProblems = Object.entries(result.parts ?? {});
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="save-problems"
      className="rounded-xl border border-red-300 bg-red-50 p-4 focus:outline-2 focus:outline-red-600"
    >
      <h2 id="save-problems" className="font-semibold text-red-800">
        {t('profile.partial.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
        {fieldProblems.map(([name, message]) => (
          <li key={name}>
            <a href={`#${fieldId(name)}`} className="underline">
              {labels[name] ?? name}: {message}
            </a>
          </li>
        ))}
        {partProblems.map(([part, message]) => (
          <li key={part}>{message}</li>
        ))}
      </ul>
      {result.savedSome ? <p className="mt-2 text-sm text-gray-800">{t('profile.partial.rest')}</p> : null}
    </div>
  );
}

/** The element a field's error points at (radio groups: their fieldset). */
function fieldId(name: string): string {
  if (name === 'salary') return 'salary-input';
  if (name === 'password') return 'password-new';
  return name;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const result = useActionData<typeof action>() as Result | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const { user, salary, companyEmail, psychometric, facebook } = loaderData;
  const save = result?.intent === 'save' ? result : undefined;
  const email = result?.intent === 'save' ? undefined : result;
  const pendingEmail = (email?.intent === 'work-email-request' && email.ok) || email?.intent === 'work-email-verify' ? email?.email : undefined;
  const error = (name: string) => save?.fields?.[name];
  const labels: Record<string, string> = {
    name: t('profile.name'),
    email: t('profile.email'),
    language: t('profile.language'),
    userType: t('profile.userType'),
    rentalRole: t('profile.rentalRole'),
    salary: t('profile.salary.label'),
    password: t('profile.password.new'),
    currentPassword: t('profile.password.current'),
    ...Object.fromEntries(psychometric.questions.map((q) => [`q_${q.id}`, t(`psy.${q.id}` as MessageKey)])),
  };
  // A successful save empties the password fields (a new key remounts them).
  const passwordKey = save?.ok ? save.savedAt : 0;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('profile.title')}</h1>
      <Section title={t('avatar.title')} id="avatar">
        <AvatarUpload userId={user.id} avatar={user.avatar} />
      </Section>
      <nav aria-label={t('notifications.settings.title')} className="flex flex-wrap gap-3 text-sm">
        <Link to={href('notificationSettings')} className="rounded-full border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50">
          {t('notifications.settings.title')}
        </Link>
        <Link to={href('savedSearches')} className="rounded-full border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50">
          {t('notifications.saved.title')}
        </Link>
      </nav>
      <Form method="post" className="space-y-6">
        <input type="hidden" name="intent" value="save" />
        {save && !save.ok ? <SaveProblems result={save} labels={labels} /> : null}
        <Section title={t('profile.details')} id="profile-details">
          <div className="space-y-4">
            <Field id="phone" label={t('profile.phone')} value={user.phoneNumber} readOnly disabled />
            <Field
              id="name"
              name="name"
              label={t('profile.name')}
              defaultValue={user.name === 'guest' ? '' : user.name}
              autoComplete="name"
              required
              error={error('name')}
            />
            <Field
              id="email"
              name="email"
              type="email"
              label={t('profile.email')}
              defaultValue={user.email ?? ''}
              autoComplete="email"
              error={error('email')}
            />
            <div>
              <label htmlFor="language" className="block text-sm font-medium text-gray-800">
                {t('profile.language')}
              </label>
              <select
                id="language"
                name="language"
                defaultValue={user.language}
                aria-invalid={error('language') ? true : undefined}
                aria-describedby={error('language') ? 'language-error' : undefined}
                className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5"
              >
                {LANGUAGES.map(([stored, code]) => (
                  <option key={stored} value={stored}>
                    {LANGUAGE_NAME[code]}
                  </option>
                ))}
              </select>
              <FieldsetError id="language" error={error('language')} />
            </div>
            <fieldset id="userType" aria-describedby={error('userType') ? 'userType-error' : undefined}>
              <legend className="text-sm font-medium text-gray-800">{t('profile.userType')}</legend>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {USER_TYPES.map(([name, value]) => (
                  <label key={name} className="flex items-center gap-2">
                    <input type="radio" name="userType" value={value} defaultChecked={userTypeName(user.userType) === name} />
                    {t(`profile.userType.${name}`)}
                  </label>
                ))}
              </div>
              <FieldsetError id="userType" error={error('userType')} />
            </fieldset>
            <fieldset id="rentalRole" aria-describedby={error('rentalRole') ? 'rentalRole-error' : undefined}>
              <legend className="text-sm font-medium text-gray-800">{t('profile.rentalRole')}</legend>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {RENTAL_ROLES.map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2">
                    <input type="radio" name="rentalRole" value={value} defaultChecked={user.rentalRole === value} />
                    {t(label)}
                  </label>
                ))}
              </div>
              <FieldsetError id="rentalRole" error={error('rentalRole')} />
            </fieldset>
            <Field
              id="salary-input"
              name="salary"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              label={t('profile.salary.label')}
              hint={t('profile.salary.optional')}
              defaultValue={salary ?? ''}
              error={error('salary')}
            />
          </div>
        </Section>
        <Section title={t('profile.password.title')} id="password">
          <div className="space-y-4" key={passwordKey}>
            <p className="text-sm text-gray-600">
              {user.passwordSet ? `${t('profile.password.changeHint')} ${t('profile.password.leaveBlank')}` : t('profile.password.setHint')}
            </p>
            {user.passwordSet ? (
              <Field
                id="currentPassword"
                name="currentPassword"
                type="password"
                label={t('profile.password.current')}
                autoComplete="current-password"
                error={error('currentPassword')}
              />
            ) : null}
            <Field
              id="password-new"
              name="password"
              type="password"
              label={t('profile.password.new')}
              hint={t('profile.password.rule', { min: PASSWORD_MIN_LENGTH })}
              minLength={PASSWORD_MIN_LENGTH}
              autoComplete="new-password"
              autoFocus={loaderData.setPassword}
              error={error('password')}
            />
          </div>
        </Section>
        <Section title={t('psy.title')} id="psychometric">
          <p className="text-sm text-gray-600">
            {t('psy.intro')} {t('psy.optional')}
          </p>
          {psychometric.result ? (
            <p className="mt-2 font-medium text-brand-700">{t('psy.result', { result: t(`psy.result.${psychometric.result}`) })}</p>
          ) : null}
          <div className="mt-4 space-y-5">
            {psychometric.questions.map((question) => (
              <fieldset key={question.id} id={`q_${question.id}`} aria-describedby={error(`q_${question.id}`) ? `q_${question.id}-error` : undefined}>
                <legend className="font-medium">{t(`psy.${question.id}` as MessageKey)}</legend>
                <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                  {question.options.map((option) => (
                    <label key={option} className="flex items-center gap-2">
                      <input type="radio" name={`q_${question.id}`} value={option} defaultChecked={psychometric.answers?.[question.id] === option} />
                      {t(`psy.${question.id}.${option}` as MessageKey)}
                    </label>
                  ))}
                </div>
                <FieldsetError id={`q_${question.id}`} error={error(`q_${question.id}`)} />
              </fieldset>
            ))}
          </div>
        </Section>
        <div className="space-y-2">
          <Button type="submit" disabled={busy}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
          <SavedNotice message={t('profile.saved')} stamp={save?.ok ? save.savedAt : undefined} />
        </div>
      </Form>
      <Section title={t('workEmail.title')} id="work-email">
        {companyEmail && !(email?.intent === 'work-email-request' && email.ok) ? (
          <p className="mb-4 text-sm font-medium text-brand-700">{t('workEmail.verified', { email: companyEmail })}</p>
        ) : null}
        {pendingEmail && !(email?.intent === 'work-email-verify' && email.ok) ? (
          <Form method="post" className="space-y-4" key="verify">
            <input type="hidden" name="intent" value="work-email-verify" />
            <input type="hidden" name="email" value={pendingEmail} />
            <p className="text-sm text-gray-700">{t('workEmail.sent', { email: pendingEmail })}</p>
            <Field
              id="work-code"
              name="code"
              label={t('workEmail.code')}
              inputMode="numeric"
              pattern="\d{6}"
              maxLength={6}
              required
              error={email?.intent === 'work-email-verify' ? email.error : undefined}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              {t('workEmail.verify')}
            </Button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4" key="request">
            <input type="hidden" name="intent" value="work-email-request" />
            <Field
              id="work-email-input"
              name="email"
              type="email"
              label={t('workEmail.address')}
              hint={t('workEmail.hint')}
              required
              error={email?.intent === 'work-email-request' ? email.error : undefined}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              {t('workEmail.send')}
            </Button>
          </Form>
        )}
      </Section>
      {facebook ? (
        <Section title={t('profile.facebook.title')} id="facebook">
          <a
            href={href('facebookStart', undefined, { origin: href('profile') })}
            className="inline-block rounded-full bg-[#1877F2] px-5 py-3 font-medium text-white"
          >
            {t('profile.facebook.connect')}
          </a>
        </Section>
      ) : null}
    </div>
  );
}
