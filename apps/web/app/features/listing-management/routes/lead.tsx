import { Form, Link, useActionData, useNavigation } from 'react-router';
import { LISTING_TYPES } from '@kunci/contracts/reference';
import type { MessageKey } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { ContactFields } from '../../../components/forms/contact-fields.tsx';
import { Button, FormError, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { serverApi } from '../../../lib/api.ts';
import { submitForm } from '../../../lib/form-action.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { describedMeta } from '../../../lib/seo.ts';
import { useRootData } from '../../../lib/root-data.ts';
import type { Route } from './+types/lead';

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  // Every refusal the API explains is answered as the form's, with a 400.
  return submitForm(
    request,
    async (text) => {
      await serverApi(context, lang).createLead({
        name: text('name'),
        phoneNo: text('phoneNo'),
        areaSlug: text('areaSlug'),
        type: text('type'),
        note: text('note'),
      });
      return {};
    },
    400,
  );
}

export const meta: Route.MetaFunction = describedMeta('lead.title', 'lead.intro');

/** The landlord lead page: a landlord who would rather be helped leaves a number; anyone may, no sign-in. */
export default function Lead() {
  const { t, lang, href } = useI18n();
  const { areas } = useRootData();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = result && !result.ok ? result.fields : {};
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('lead.title')}</h1>
      <p className="mt-2 text-gray-700">{t('lead.intro')}</p>
      {result?.ok ? (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 text-brand-800">
          {t('lead.done')}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <FormError message={result && 'error' in result ? result.error : undefined} />
          <ContactFields labels={{ name: t('lead.name'), phoneNo: t('lead.phone') }} required={['name', 'phoneNo']} errors={errors} />
          <SelectField
            id="areaSlug"
            name="areaSlug"
            label={t('lead.area')}
            error={errors['areaSlug']}
            options={areas.map((a) => ({ value: a.slug, label: a.name[lang] }))}
          />
          <SelectField
            id="type"
            name="type"
            label={t('lead.type')}
            error={errors['type']}
            options={LISTING_TYPES.map((type) => ({ value: type, label: t(`post.kind.${type}` as MessageKey) }))}
          />
          <TextAreaField id="note" label={t('lead.note')} name="note" rows={3} maxLength={1000} />
          <Button type="submit" disabled={navigation.state !== 'idle'}>
            {t('lead.submit')}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={href('post')} className="text-brand-700 hover:underline">
          {t('lead.orPost')}
        </Link>
      </p>
    </div>
  );
}
