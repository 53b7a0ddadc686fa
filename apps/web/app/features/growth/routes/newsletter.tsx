import { Form, data, useActionData, useNavigation } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { Button, Field } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { clientRefusal } from '../../../lib/form-action.server.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import type { Route } from './+types/newsletter';

/** The landing of the emailed links: `?confirm=` subscribes, `?unsubscribe=` stops the newsletter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, '');
  const api = serverApi(context, parsePath(path).lang);
  const confirm = url.searchParams.get('confirm');
  const unsubscribe = url.searchParams.get('unsubscribe');
  let outcome: { status: 'CONFIRMED' | 'UNSUBSCRIBED'; email: string } | 'badLink' | null = null;
  if (confirm || unsubscribe) {
    try {
      outcome = confirm ? await api.confirmSubscription(confirm) : await api.unsubscribe(unsubscribe!);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      outcome = 'badLink';
    }
  }
  return { path, outcome };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const form = await request.formData();
  try {
    return { ok: true as const, message: (await serverApi(context, lang).subscribe(String(form.get('email') ?? '').trim())).message };
  } catch (error) {
    return data(clientRefusal(error), { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('growth.newsletter.title')} | ${t('app.name')}`,
    description: t('growth.newsletter.intro'),
    canonicalPath: loaderData?.path ?? '/newsletter',
    publicUrl,
    // The confirm and unsubscribe landings are personal.
    noindex: Boolean(loaderData?.outcome),
  });
};

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { outcome } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.newsletter.title')}</h1>
      {outcome && outcome !== 'badLink' ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-4 text-brand-900">
          {t(outcome.status === 'CONFIRMED' ? 'growth.newsletter.confirmed' : 'growth.newsletter.unsubscribed', { email: outcome.email })}
        </p>
      ) : null}
      {outcome === 'badLink' ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
          {t('growth.newsletter.badLink')}
        </p>
      ) : null}
      <p className="mt-3 text-gray-700">{t('growth.newsletter.intro')}</p>
      {result?.ok ? (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 text-brand-900">
          {result.message}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <Field
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            label={t('growth.newsletter.email')}
            error={result && !result.ok ? (result.fields['email'] ?? result.error) : undefined}
            required
          />
          <Button type="submit" disabled={navigation.state !== 'idle'}>
            {t('growth.newsletter.subscribe')}
          </Button>
        </Form>
      )}
    </div>
  );
}
