import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { CONTACT_TOPICS } from '@kunci/contracts/content';
import type { MessageKey } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { ContactFields } from '../../../components/forms/contact-fields.tsx';
import { Button, FormError, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { serverApi } from '../../../lib/api.ts';
import { submitForm } from '../../../lib/form-action.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { Testimonials } from '../../growth/index.ts';
import { ContentView } from '../components/content-view.tsx';
import { PAGE_ROUTES, type PageKey } from '../content-links.ts';
import { contentMeta } from '../content-meta.ts';
import { loadContent } from '../content.server.ts';
import type { Route } from './+types/page';

/** The information pages' addresses and the entries they show. */
const KEYS: Record<string, PageKey> = {
  '/more/about': 'about',
  '/more/about/company': 'about-company',
  '/more/about/featured': 'about-featured',
  '/more/about/achievements': 'about-achievements',
  '/more/contact': 'contact',
  '/more/tenant': 'tenant',
  '/more/tenant/no-deposit': 'tenant-no-deposit',
  '/more/tenant/video': 'tenant-video',
  '/more/landlord': 'landlord',
  '/more/landlord/how': 'landlord-how',
  '/more/landlord/video': 'landlord-video',
  '/services/rental-collection': 'service-rental-collection',
};

/** Pages of the same section, for the links under each page. */
const SIBLINGS: Record<string, PageKey[]> = {
  about: ['about', 'about-company', 'about-featured', 'about-achievements', 'contact'],
  tenant: ['tenant', 'tenant-no-deposit', 'tenant-video'],
  landlord: ['landlord', 'landlord-how', 'landlord-video', 'service-rental-collection'],
};
const SECTION_OF: Partial<Record<PageKey, keyof typeof SIBLINGS>> = Object.fromEntries(
  Object.entries(SIBLINGS).flatMap(([section, keys]) => keys.map((key) => [key, section])),
);

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const key = KEYS[parsePath(pathname.replace(/\.data$/, '')).rest];
  if (!key) throw data(null, { status: 404 });
  const loaded = await loadContent(request, context, { key });
  const section = SECTION_OF[key];
  let siblings: { key: PageKey; title: string }[] = [];
  if (section) {
    const { lang } = parsePath(pathname);
    const { content } = await serverApi(context, lang).content({ kind: 'PAGE', language: lang });
    siblings = SIBLINGS[section]!.flatMap((sibling) => {
      const entry = content.find((c) => c.key === sibling);
      return entry ? [{ key: sibling, title: entry.title }] : [];
    });
  }
  // Landlords' approved testimonials on the landlord page, as on the home page; the page shows without them if they fail.
  const testimonials =
    key === 'landlord'
      ? (
          await serverApi(context, parsePath(pathname).lang)
            .testimonials({ role: 'LANDLORD', limit: 3 })
            .catch(() => ({ content: [] }))
        ).content
      : [];
  return { ...loaded, key, siblings, testimonials };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A client-side submission posts to the page's path plus ".data".
  const { lang, rest } = parsePath(new URL(request.url).pathname.replace(/\.data$/, ''));
  if (KEYS[rest] !== 'contact') throw data(null, { status: 405 });
  return submitForm(request, async (text) => {
    const sent = await serverApi(context, lang).sendContactMessage({
      name: text('name'),
      email: text('email'),
      phoneNo: text('phoneNo'),
      topic: text('topic'),
      message: text('message'),
    });
    return { message: sent.message };
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentMeta(matches, loaderData);

function ContactForm() {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = result && !result.ok ? result.fields : {};
  if (result?.ok)
    return (
      <p role="status" className="mt-8 rounded-lg bg-brand-50 p-4 text-brand-800">
        {result.message}
      </p>
    );
  return (
    <section aria-labelledby="contact-form" className="mt-10 border-t border-gray-200 pt-6">
      <h2 id="contact-form" className="text-xl font-semibold">
        {t('content.contact.formTitle')}
      </h2>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <FormError message={result && !result.ok ? result.error : undefined} />
        <ContactFields
          labels={{ name: t('content.contact.name'), email: t('content.contact.email'), phoneNo: t('content.contact.phone') }}
          required={['name', 'email']}
          errors={errors}
        />
        <SelectField
          id="topic"
          name="topic"
          label={t('content.contact.topic')}
          error={errors['topic']}
          options={CONTACT_TOPICS.map((topic) => ({ value: topic, label: t(`content.contact.topic.${topic}` as MessageKey) }))}
        />
        <TextAreaField
          id="message"
          label={t('content.contact.message')}
          name="message"
          rows={6}
          maxLength={4000}
          required
          error={errors['message']}
        />
        <Button type="submit" disabled={navigation.state !== 'idle'}>
          {t('content.contact.send')}
        </Button>
      </Form>
    </section>
  );
}

/** An information page (about, tenant and landlord help, services) from the managed content; the contact page adds its form. */
export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { page, preview, key, siblings, testimonials } = loaderData;
  return (
    <ContentView page={page} preview={preview} section="more">
      {key === 'landlord' || key === 'landlord-how' ? (
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <Link to={href('post')} className="inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
            {t('listings.new')}
          </Link>
          <Link to={href('landlordLead')} className="text-brand-700 hover:underline">
            {t('lead.title')}
          </Link>
        </div>
      ) : key === 'tenant' || key === 'tenant-no-deposit' || key === 'tenant-video' ? (
        <Link to={href('rent')} className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
          {t('home.seeAll')}
        </Link>
      ) : null}
      {key === 'contact' ? <ContactForm /> : null}
      {testimonials.length ? (
        <div className="-mx-4 mt-8">
          <Testimonials items={testimonials} />
        </div>
      ) : null}
      {siblings.length > 1 ? (
        <nav aria-labelledby="section-nav" className="mt-10 border-t border-gray-200 pt-6">
          <h2 id="section-nav" className="text-sm font-semibold uppercase tracking-wide text-gray-600">
            {t('content.more.sectionNav')}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {siblings.map((sibling) => (
              <li key={sibling.key}>
                {sibling.key === key ? (
                  <span aria-current="page" className="font-medium">
                    {sibling.title}
                  </span>
                ) : (
                  <Link to={href(PAGE_ROUTES[sibling.key])} className="text-brand-700 hover:underline">
                    {sibling.title}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </ContentView>
  );
}
