import { Form, Link, redirect } from 'react-router';
import { LISTING_TYPES } from '@kunci/contracts/reference';
import { href, parsePath } from '@kunci/i18n/paths';
import { Button } from '../../../components/ui/field.tsx';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/post-start';

export function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const form = await request.formData();
  const type = String(form.get('type'));
  if (!(LISTING_TYPES as readonly string[]).includes(type)) return { error: true };
  return redirect(href(lang, 'postDetails', undefined, { type }));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('post.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

/** Rent or sell, and which kind of home: the first choice of the post flow. */
export default function PostStart() {
  const { t, href } = useI18n();
  const groups = [
    { legend: t('post.purpose.rent'), types: ['HIGHRISE', 'LANDED', 'ROOM'] as const },
    { legend: t('post.purpose.sale'), types: ['HIGHRISE_SALE', 'LANDED_SALE'] as const },
  ];
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('post.title')}</h1>
      <p className="mt-2 text-gray-600">{t('post.intro')}</p>
      <Form method="post" className="mt-8 space-y-6">
        {groups.map((group) => (
          <fieldset key={group.legend}>
            <legend className="text-lg font-semibold">{group.legend}</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-3">
              {group.types.map((type, index) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 p-4 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input type="radio" name="type" value={type} defaultChecked={type === 'HIGHRISE' && index === 0} className="accent-brand-700" />
                  <span className="text-sm font-medium">{t(`post.kind.${type}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <Button type="submit">{t('post.start')}</Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={href('landlordLead')} className="text-brand-700 hover:underline">
          {t('lead.title')}
        </Link>
      </p>
    </div>
  );
}
