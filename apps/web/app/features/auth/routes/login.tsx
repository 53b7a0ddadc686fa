import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { href, parsePath } from '@kunci/i18n/paths';
import { Button, Field } from '../../../components/ui/field.tsx';
import { serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { safeReturnPath } from '../../../lib/session.server.ts';
import { completeSignIn, outboxActive, signInFailure, signedOutVisit, type FormResult } from '../auth.server.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PinStep } from '../components/pin-step.tsx';
import { SignInNotices, fieldMessage } from '../components/sign-in-notices.tsx';
import type { Route } from './+types/login';

type Mode = 'pin' | 'password' | 'forgot';
const modeOf = (value: string | null): Mode => (value === 'password' || value === 'forgot' ? value : 'pin');

/** The login page (the spec's "external login page"): origin, originType=SH and rid are carried through. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, lang, origin } = signedOutVisit(request, context);
  const api = serverApi(context, lang);
  const [outbox, providers] = await Promise.all([outboxActive(api), api.providers()]);
  const errorCode = Number(url.searchParams.get('error'));
  return {
    mode: modeOf(url.searchParams.get('mode')),
    origin: origin ?? '',
    rid: url.searchParams.get('rid') ?? '',
    outbox,
    facebook: providers.facebook !== null,
    // A refusal handed back by the Facebook callback (only our own error codes are shown).
    errorCode: errorCode === 11430 || errorCode === 11431 ? errorCode : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const form = await request.formData();
  const api = serverApi(context, lang);
  const intent = String(form.get('intent'));
  const phoneNo = String(form.get('phoneNo') ?? '');
  const returnTo = safeReturnPath(String(form.get('origin') ?? ''));
  try {
    if (intent === 'request-pin') return { step: 'pin', phoneNo: (await api.requestPin(phoneNo)).phoneNo } satisfies FormResult;
    if (intent === 'forgot') return { step: 'pin', phoneNo: (await api.resetByPhone(phoneNo)).phoneNo } satisfies FormResult;
    if (intent === 'verify-pin') {
      const login = await api.verifyPin(phoneNo, String(form.get('pin') ?? '').trim());
      const afterReset = form.get('mode') === 'forgot' ? href(lang, 'profile', undefined, { setPassword: 1 }) : returnTo;
      return await completeSignIn(context, login, lang, afterReset);
    }
    if (intent === 'password') return await completeSignIn(context, await api.login(phoneNo, String(form.get('password') ?? '')), lang, returnTo);
  } catch (error) {
    const { result, status } = signInFailure(error, form, intent, phoneNo);
    return data(result, { status });
  }
  return data({ step: 'phone' } satisfies FormResult, { status: 400 });
}

export const meta: Route.MetaFunction = noindexMeta('auth.login.title');

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const busy = useNavigation().state !== 'idle';
  const { origin, rid, outbox } = loaderData;
  const mode: Mode = loaderData.mode;
  const onPinStep = result?.step === 'pin';
  const phoneNo = result?.phoneNo ?? '';
  const modeLink = (next: Mode) =>
    link('login', undefined, {
      mode: next === 'pin' ? undefined : next,
      origin: origin || undefined,
      originType: origin ? 'SH' : undefined,
      rid: rid || undefined,
    });
  const title = mode === 'forgot' ? t('auth.forgot.title') : t('auth.login.title');
  const subtitle = t(mode === 'forgot' ? 'auth.forgot.subtitle' : mode === 'password' ? 'auth.login.subtitlePassword' : 'auth.login.subtitle');
  const error = result?.error;
  const fieldError = fieldMessage(error);
  const hidden = (
    <>
      <input type="hidden" name="origin" value={origin} />
      <input type="hidden" name="mode" value={mode} />
    </>
  );

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <SignInNotices error={error} />
      {origin ? <p className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">{t('auth.continueTo')}</p> : null}
      {onPinStep ? (
        <PinStep
          phoneNo={phoneNo}
          error={fieldError}
          busy={busy}
          resendIntent={mode === 'forgot' ? 'forgot' : 'request-pin'}
          cooldown={result?.cooldown}
          outbox={outbox}
          hidden={hidden}
          footer={
            <Link to={modeLink(mode)} className="text-sm text-brand-700 hover:underline">
              {t('auth.changeNumber')}
            </Link>
          }
        />
      ) : (
        <Form method="post" className="space-y-4" key={mode}>
          {hidden}
          <Field
            id="phoneNo"
            name="phoneNo"
            type="tel"
            label={t('auth.phone.label')}
            hint={t('auth.phone.hint')}
            autoComplete="tel"
            inputMode="tel"
            defaultValue={phoneNo}
            required
            autoFocus
            error={mode !== 'password' ? fieldError : undefined}
          />
          {mode === 'password' ? (
            <Field
              id="password"
              name="password"
              type="password"
              label={t('auth.password.label')}
              autoComplete="current-password"
              required
              error={fieldError}
            />
          ) : null}
          <Button type="submit" name="intent" value={mode === 'password' ? 'password' : mode === 'forgot' ? 'forgot' : 'request-pin'} disabled={busy}>
            {mode === 'password' ? t('auth.password.submit') : mode === 'forgot' ? t('auth.forgot.submit') : t('auth.pin.send')}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <Link to={modeLink(mode === 'pin' ? 'password' : 'pin')} className="text-brand-700 hover:underline">
              {mode === 'pin' ? t('auth.usePassword') : t('auth.usePin')}
            </Link>
            {mode === 'password' ? (
              <Link to={modeLink('forgot')} className="text-brand-700 hover:underline">
                {t('auth.forgot.link')}
              </Link>
            ) : null}
          </div>
        </Form>
      )}
      {loaderData.errorCode ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(loaderData.errorCode === 11430 ? 'errors.11430' : 'errors.11431')}
        </p>
      ) : null}
      {loaderData.facebook && !onPinStep ? (
        <div className="mt-6">
          <p className="mb-3 text-center text-sm text-gray-500">{t('auth.or')}</p>
          <a
            href={link('facebookStart', undefined, { origin: origin || undefined })}
            className="block w-full rounded-full bg-[#1877F2] px-5 py-3 text-center font-medium text-white hover:bg-[#166fe0]"
          >
            {t('auth.facebook')}
          </a>
        </div>
      ) : null}
      <p className="mt-8 border-t border-gray-100 pt-4 text-center text-sm text-gray-600">
        {t('auth.noAccount')}{' '}
        <Link to={link('register', undefined, { origin: origin || undefined })} className="font-medium text-brand-700 hover:underline">
          {t('auth.register.link')}
        </Link>
      </p>
    </AuthCard>
  );
}
