import { Form, data, useActionData, useNavigation } from 'react-router';
import { FEEDBACK_ROLES } from '@kunci/contracts/growth';
import { parsePath } from '@kunci/i18n/paths';
import { Button, FormError, TextAreaField } from '../../../components/ui/field.tsx';
import { serverApi } from '../../../lib/api.ts';
import { clientRefusal } from '../../../lib/form-action.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/feedback';

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context, parsePath(new URL(request.url).pathname).lang);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const form = await request.formData();
  try {
    const sent = await serverApi(context, lang).sendFeedback({
      role: String(form.get('role') ?? ''),
      rating: Number(form.get('rating') ?? 0),
      message: String(form.get('message') ?? '').trim(),
    });
    return { ok: true as const, message: sent.message };
  } catch (error) {
    return data(clientRefusal(error), { status: 400 });
  }
}

export const meta: Route.MetaFunction = noindexMeta('growth.feedback.title');

/** Feedback from a signed-in user: role, stars and a message (it may become a testimonial after review). */
export default function Feedback() {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = result && !result.ok ? result.fields : {};
  if (result?.ok)
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t('growth.feedback.title')}</h1>
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-4 text-brand-900">
          {result.message}
        </p>
      </div>
    );
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t('growth.feedback.title')}</h1>
      <p className="mt-2 text-gray-700">{t('growth.feedback.intro')}</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <FormError message={result && !result.ok && !Object.keys(errors).length ? result.error : undefined} />
        <fieldset aria-describedby={errors['role'] ? 'role-error' : undefined}>
          <legend className="text-sm font-medium text-gray-800">{t('growth.feedback.role')}</legend>
          <div className="mt-2 flex gap-4">
            {FEEDBACK_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2">
                <input type="radio" name="role" value={role} className="size-4" defaultChecked={role === 'TENANT'} /> {t(`growth.feedback.${role}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset aria-describedby={errors['rating'] ? 'rating-error' : undefined}>
          <legend className="text-sm font-medium text-gray-800">{t('growth.feedback.rating')}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className="flex items-center gap-1.5">
                <input type="radio" name="rating" value={n} className="size-4" defaultChecked={n === 5} /> {t('growth.feedback.stars', { count: n })}
              </label>
            ))}
          </div>
          {errors['rating'] ? (
            <p id="rating-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors['rating']}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          id="message"
          label={t('growth.feedback.message')}
          name="message"
          rows={5}
          minLength={20}
          maxLength={1000}
          required
          error={errors['message']}
        />
        <Button type="submit" disabled={navigation.state !== 'idle'}>
          {t('growth.feedback.send')}
        </Button>
      </Form>
    </div>
  );
}
