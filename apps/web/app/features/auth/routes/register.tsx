import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { Email, PersonName } from '@kunci/contracts/users';
import { translatorFor } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { Button, Field } from '../../../components/ui/field.tsx';
import { apiAs, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { safeReturnPath } from '../../../lib/session.server.ts';
import { completeSignIn, outboxActive, signInFailure, signedOutVisit, type FormResult } from '../auth.server.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PinStep } from '../components/pin-step.tsx';
import { SignInNotices, fieldMessage } from '../components/sign-in-notices.tsx';
import type { Route } from './+types/register';

type RegisterResult = FormResult & { name?: string; email?: string; fields?: { name?: string; email?: string } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, origin } = signedOutVisit(request, context);
  return { origin: origin ?? '', outbox: await outboxActive(serverApi(context, lang)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const form = await request.formData();
  const api = serverApi(context, lang);
  const name = String(form.get('name') ?? '').trim();
  const email = String(form.get('email') ?? '').trim();
  const phoneNo = String(form.get('phoneNo') ?? '');
  const intent = String(form.get('intent'));
  const messages = translatorFor(lang);
  const fields: RegisterResult['fields'] = {};
  if (!PersonName.safeParse(name).success) fields.name = messages('register.nameInvalid');
  if (email && !Email.safeParse(email).success) fields.email = messages('register.emailInvalid');
  if (fields.name || fields.email) return data({ step: 'phone', phoneNo, name, email, fields } satisfies RegisterResult, { status: 400 });
  try {
    if (intent === 'request-pin') return { step: 'pin', phoneNo: (await api.requestPin(phoneNo)).phoneNo, name, email } satisfies RegisterResult;
    const login = await api.verifyPin(phoneNo, String(form.get('pin') ?? '').trim());
    const asUser = apiAs(context, login.token, lang);
    const user = await asUser.me();
    // An existing account keeps the name it has; a new one takes what was typed here.
    if (user.name === 'guest' || !user.email)
      await asUser.updateUser(user.id, { ...(user.name === 'guest' ? { name } : {}), ...(email && !user.email ? { email } : {}) });
    return await completeSignIn(context, login, lang, safeReturnPath(String(form.get('origin') ?? '')));
  } catch (error) {
    const { result, status } = signInFailure(error, form, intent, phoneNo);
    return data({ ...result, name, email } satisfies RegisterResult, { status });
  }
}

export const meta: Route.MetaFunction = noindexMeta('auth.register.title');

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const result = useActionData<typeof action>() as RegisterResult | undefined;
  const busy = useNavigation().state !== 'idle';
  const error = result?.error;
  const fieldError = fieldMessage(error);
  const keep = (
    <>
      <input type="hidden" name="origin" value={loaderData.origin} />
    </>
  );
  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <SignInNotices error={error} />
      {result?.step === 'pin' ? (
        <PinStep
          phoneNo={result.phoneNo ?? ''}
          error={fieldError}
          busy={busy}
          resendIntent="request-pin"
          cooldown={result.cooldown}
          outbox={loaderData.outbox}
          hidden={
            <>
              {keep}
              <input type="hidden" name="name" value={result.name} />
              <input type="hidden" name="email" value={result.email} />
            </>
          }
        />
      ) : (
        <Form method="post" className="space-y-4" key="phone">
          {keep}
          <Field
            id="name"
            name="name"
            label={t('auth.name.label')}
            autoComplete="name"
            defaultValue={result?.name}
            required
            error={result?.fields?.name}
          />
          <Field
            id="email"
            name="email"
            type="email"
            label={t('auth.email.label')}
            autoComplete="email"
            defaultValue={result?.email}
            error={result?.fields?.email}
          />
          <Field
            id="phoneNo"
            name="phoneNo"
            type="tel"
            label={t('auth.phone.label')}
            hint={t('auth.phone.hint')}
            autoComplete="tel"
            inputMode="tel"
            defaultValue={result?.phoneNo}
            required
            error={fieldError}
          />
          <Button type="submit" name="intent" value="request-pin" disabled={busy}>
            {t('auth.pin.send')}
          </Button>
        </Form>
      )}
      <p className="mt-8 border-t border-gray-100 pt-4 text-center text-sm text-gray-600">
        {t('auth.haveAccount')}{' '}
        <Link to={link('login', undefined, { origin: loaderData.origin || undefined })} className="font-medium text-brand-700 hover:underline">
          {t('nav.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
