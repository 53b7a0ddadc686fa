import { Form, data, useActionData, useNavigation } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { Button } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import type { Route } from './+types/extend';

/** The one-tap link sent before a listing expires: one button, no sign-in needed (the link is signed). */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { id: Number(params.id), until: Number(url.searchParams.get('until')), token: url.searchParams.get('token') ?? '' };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const form = await request.formData();
  try {
    const done = await serverApi(context, lang).extendListing(Number(params.id), {
      until: Number(form.get('until')),
      token: String(form.get('token') ?? ''),
    });
    return { ok: true, expiresAt: done.expiresAt };
  } catch (error) {
    if (error instanceof ApiError) return data({ ok: false, status: error.status }, { status: error.status === 409 ? 409 : 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('extend.title');

export default function Extend({ loaderData }: Route.ComponentProps) {
  const { t, date } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="text-2xl font-bold">{t('extend.title')}</h1>
      {result?.ok && 'expiresAt' in result ? (
        <p role="status" className="mt-4 text-brand-800">
          {t('listings.done.extend')} {t('listings.expires', { date: date(result.expiresAt) })}
        </p>
      ) : result && !result.ok ? (
        <p role="alert" className="mt-4 text-red-700">
          {t('extend.used')}
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="until" value={loaderData.until} />
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" disabled={navigation.state !== 'idle'}>
            {t('listings.action.extend')}
          </Button>
        </Form>
      )}
    </div>
  );
}
