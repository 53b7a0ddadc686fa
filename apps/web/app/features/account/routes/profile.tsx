import { Form, data, useActionData, useNavigation } from 'react-router';
import { PASSWORD_MIN_LENGTH, userTypeName } from '@kunci/contracts/constants';
import { LANGUAGE_NAME } from '@kunci/i18n/locales';
import { parsePath } from '@kunci/i18n/paths';
import type { MessageKey } from '@kunci/i18n/messages';
import { Button, Field } from '../../../components/ui/field.tsx';
import { ApiError, fieldErrors, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import type { Route } from './+types/profile';

type Result = {
  form: 'profile' | 'password' | 'salary' | 'work-email-request' | 'work-email-verify' | 'psychometric';
  ok?: boolean;
  error?: string;
  fields?: Record<string, string>;
  email?: string;
};
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

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const form = await request.formData();
  const which = String(form.get('form')) as Result['form'];
  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.body) {
      const fields = fieldErrors(error.body.fields);
      const email = String(form.get('email') ?? '');
      return data({ form: which, error: error.body.message, fields, ...(which === 'work-email-verify' ? { email } : {}) } satisfies Result, {
        status: 400,
      });
    }
    throw error;
  };
  try {
    if (which === 'profile') {
      const email = String(form.get('email') ?? '').trim();
      await api.updateUser(user.id, {
        name: String(form.get('name') ?? '').trim(),
        email: email || null,
        language: String(form.get('language')) as 'EN' | 'MY' | 'ZH',
        userType: Number(form.get('userType')),
      });
    } else if (which === 'password') {
      const current = String(form.get('currentPassword') ?? '');
      await api.setPassword(user.id, String(form.get('password') ?? ''), current || undefined);
    } else if (which === 'salary') {
      await api.setSalary(user.id, Number(form.get('salary')));
    } else if (which === 'work-email-request') {
      const email = String(form.get('email') ?? '');
      await api.requestWorkEmailCode(user.id, email);
      return { form: which, ok: true, email } satisfies Result;
    } else if (which === 'work-email-verify') {
      await api.verifyWorkEmail(user.id, String(form.get('email') ?? ''), String(form.get('code') ?? '').trim());
    } else if (which === 'psychometric') {
      const answers = Object.fromEntries(
        [...form.entries()].filter(([key]) => key.startsWith('q_')).map(([key, value]) => [key.slice(2), String(value)]),
      );
      await api.savePsychometric(user.id, answers);
    }
    return { form: which, ok: true } satisfies Result;
  } catch (error) {
    return fail(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('profile.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

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

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const result = useActionData<typeof action>() as Result | undefined;
  const busy = useNavigation().state !== 'idle';
  const { user, salary, companyEmail, psychometric, facebook } = loaderData;
  const pendingEmail = (result?.form === 'work-email-request' && result.ok) || result?.form === 'work-email-verify' ? result?.email : undefined;
  const status = (form: Result['form'], saved: MessageKey) =>
    result?.form === form ? (
      <p role="status" className={`text-sm ${result.ok ? 'text-brand-700' : 'text-red-700'}`}>
        {result.ok ? t(saved) : result.error}
      </p>
    ) : null;
  const fieldError = (form: Result['form'], name: string) => (result?.form === form ? result.fields?.[name] : undefined);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('profile.title')}</h1>
      <Section title={t('avatar.title')} id="avatar">
        <AvatarUpload userId={user.id} avatar={user.avatar} />
      </Section>
      <Section title={t('profile.title')} id="profile-details">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="form" value="profile" />
          <Field id="phone" label={t('profile.phone')} value={user.phoneNumber} readOnly disabled />
          <Field
            id="name"
            name="name"
            label={t('profile.name')}
            defaultValue={user.name === 'guest' ? '' : user.name}
            autoComplete="name"
            required
            error={fieldError('profile', 'name')}
          />
          <Field
            id="email"
            name="email"
            type="email"
            label={t('profile.email')}
            defaultValue={user.email ?? ''}
            autoComplete="email"
            error={fieldError('profile', 'email')}
          />
          <div>
            <label htmlFor="language" className="block text-sm font-medium text-gray-800">
              {t('profile.language')}
            </label>
            <select
              id="language"
              name="language"
              defaultValue={user.language}
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2.5"
            >
              {LANGUAGES.map(([stored, code]) => (
                <option key={stored} value={stored}>
                  {LANGUAGE_NAME[code]}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">{t('profile.userType')}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {USER_TYPES.map(([name, value]) => (
                <label key={name} className="flex items-center gap-2">
                  <input type="radio" name="userType" value={value} defaultChecked={userTypeName(user.userType) === name} />
                  {t(`profile.userType.${name}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {status('profile', 'profile.saved')}
          <Button type="submit" disabled={busy}>
            {t('profile.save')}
          </Button>
        </Form>
      </Section>
      <Section title={t('profile.password.title')} id="password">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="form" value="password" />
          <p className="text-sm text-gray-600">{user.passwordSet ? t('profile.password.changeHint') : t('profile.password.setHint')}</p>
          {user.passwordSet ? (
            <Field
              id="currentPassword"
              name="currentPassword"
              type="password"
              label={t('profile.password.current')}
              autoComplete="current-password"
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
            required
            autoFocus={loaderData.setPassword}
            error={fieldError('password', 'password')}
          />
          {status('password', 'profile.password.saved')}
          <Button type="submit" disabled={busy}>
            {t('profile.password.save')}
          </Button>
        </Form>
      </Section>
      <Section title={t('profile.salary.label')} id="salary">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="form" value="salary" />
          <Field
            id="salary-input"
            name="salary"
            type="number"
            min={0}
            step={1}
            label={t('profile.salary.label')}
            hint={t('profile.salary.hint')}
            defaultValue={salary ?? ''}
            required
          />
          {status('salary', 'profile.salary.saved')}
          <Button type="submit" disabled={busy}>
            {t('profile.salary.save')}
          </Button>
        </Form>
      </Section>
      <Section title={t('workEmail.title')} id="work-email">
        {companyEmail && !(result?.form === 'work-email-request' && result.ok) ? (
          <p className="mb-4 text-sm font-medium text-brand-700">{t('workEmail.verified', { email: companyEmail })}</p>
        ) : null}
        {pendingEmail && !(result?.form === 'work-email-verify' && result.ok) ? (
          <Form method="post" className="space-y-4" key="verify">
            <input type="hidden" name="form" value="work-email-verify" />
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
              error={result?.form === 'work-email-verify' ? result.error : undefined}
            />
            <Button type="submit" disabled={busy}>
              {t('workEmail.verify')}
            </Button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4" key="request">
            <input type="hidden" name="form" value="work-email-request" />
            <Field
              id="work-email-input"
              name="email"
              type="email"
              label={t('workEmail.address')}
              hint={t('workEmail.hint')}
              required
              error={result?.form === 'work-email-request' ? result.error : undefined}
            />
            <Button type="submit" disabled={busy}>
              {t('workEmail.send')}
            </Button>
          </Form>
        )}
      </Section>
      <Section title={t('psy.title')} id="psychometric">
        <p className="text-sm text-gray-600">{t('psy.intro')}</p>
        {psychometric.result ? (
          <p className="mt-2 font-medium text-brand-700">{t('psy.result', { result: t(`psy.result.${psychometric.result}`) })}</p>
        ) : null}
        <Form method="post" className="mt-4 space-y-5">
          <input type="hidden" name="form" value="psychometric" />
          {psychometric.questions.map((question) => (
            <fieldset key={question.id}>
              <legend className="font-medium">{t(`psy.${question.id}` as MessageKey)}</legend>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {question.options.map((option) => (
                  <label key={option} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`q_${question.id}`}
                      value={option}
                      required
                      defaultChecked={psychometric.answers?.[question.id] === option}
                    />
                    {t(`psy.${question.id}.${option}` as MessageKey)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {status('psychometric', 'psy.saved')}
          <Button type="submit" disabled={busy}>
            {t('psy.save')}
          </Button>
        </Form>
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
