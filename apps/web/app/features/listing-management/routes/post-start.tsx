import { Form, Link, redirect } from 'react-router';
import { LISTING_TYPES } from '@kunci/contracts/reference';
import { href, parsePath } from '@kunci/i18n/paths';
import { Button } from '../../../components/ui/field.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { resumeHref } from '../components/wizard.tsx';
import { latestDraft } from '../draft.server.ts';
import type { Route } from './+types/post-start';

/** The user's latest unfinished listing, offered to continue where it stopped before starting another. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  const draft = await latestDraft(context, lang, user);
  return { draft: draft ? { name: draft.name, href: resumeHref(lang, draft) } : null };
}

export async function action({ request }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const form = await request.formData();
  const type = String(form.get('type'));
  if (!(LISTING_TYPES as readonly string[]).includes(type)) return { error: true };
  return redirect(href(lang, 'postDetails', undefined, { type }));
}

export const meta: Route.MetaFunction = noindexMeta('post.title');

/** Rent or sell, and which kind of home: the first choice of the post flow. */
export default function PostStart({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { draft } = loaderData;
  const groups = [
    { legend: t('post.purpose.rent'), types: ['HIGHRISE', 'LANDED', 'ROOM'] as const },
    { legend: t('post.purpose.sale'), types: ['HIGHRISE_SALE', 'LANDED_SALE'] as const },
  ];
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('post.title')}</h1>
      <p className="mt-2 text-gray-600">{t('post.intro')}</p>
      {draft ? (
        <section aria-labelledby="post-draft" className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <h2 id="post-draft" className="font-semibold">
            {t('post.draft.title')}
          </h2>
          <Link
            to={draft.href}
            className="mt-3 block w-full rounded-full bg-brand-700 px-5 py-3 text-center font-medium text-white hover:bg-brand-800 sm:inline-block sm:w-auto"
          >
            {t('post.draft.continue', { name: draft.name })}
          </Link>
        </section>
      ) : null}
      <Form method="post" className="mt-8 space-y-6">
        {draft ? <h2 className="text-lg font-semibold">{t('post.startNew')}</h2> : null}
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
        <Button type="submit" variant={draft ? 'secondary' : 'primary'}>
          {draft ? t('post.startNew') : t('post.start')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={href('landlordLead')} className="text-brand-700 hover:underline">
          {t('lead.title')}
        </Link>
      </p>
    </div>
  );
}
