import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { ContactFields } from '../../../components/forms/contact-fields.tsx';
import { Button, FormError, TextAreaField } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { submitForm } from '../../../lib/form-action.server.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import { RichText } from '../components/rich-text.tsx';
import { parseMarkdown } from '../markdown.ts';
import type { Route } from './+types/home-project';

const projectId = (value: string | undefined) => (/^\d{1,9}$/.test(value ?? '') ? Number(value) : null);

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const id = projectId(params.id);
  if (!id) throw data(null, { status: 404 });
  try {
    return { path, project: await serverApi(context, parsePath(path).lang).homeProject(id) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const id = projectId(params.id);
  if (!id) throw data(null, { status: 404 });
  return submitForm(request, async (text) => {
    const sent = await serverApi(context, lang).askAboutProject(id, {
      name: text('name'),
      phoneNo: text('phoneNo'),
      email: text('email'),
      message: text('message'),
    });
    return { message: sent.message };
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  if (!loaderData) return [{ title: `${t('content.notFound')} | ${t('app.name')}` }];
  const { project } = loaderData;
  return seo({
    title: `${project.name} · ${project.developer} | ${t('app.name')}`,
    description: project.summary,
    canonicalPath: loaderData.path,
    publicUrl,
    image: project.gallery[0]?.replace('{w}', '1280'),
  });
};

/** One new project: its photos, key facts, brochure and description, and the "I want to know more" form. */
export default function HomeProject({ loaderData }: Route.ComponentProps) {
  const { t, href, lang, money, number } = useI18n();
  const { areas } = useRootData();
  const { project } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = result && !result.ok ? result.fields : {};
  const area = areas.find((a) => a.slug === project.areaSlug)?.name[lang] ?? project.areaSlug;
  const facts: [string, string][] = [
    [t('content.homes.price'), t('content.homes.priceRange', { min: money(project.priceMin), max: money(project.priceMax) })],
    [t('content.homes.type'), t(`content.homes.kind.${project.propertyKind}`)],
    [t('content.homes.tenure'), t(`content.homes.tenure.${project.tenure}`)],
    [t('content.homes.area'), area],
    [t('content.homes.developer'), project.developer],
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={href('homeOwnership')} className="text-brand-700 hover:underline">
          {t('content.homes.back')}
        </Link>
      </nav>
      <h1 className="mt-3 text-3xl font-bold md:text-4xl">{project.name}</h1>
      <p className="mt-2 text-lg text-gray-700">{project.summary}</p>
      <section aria-label={t('content.homes.gallery', { name: project.name })} className="mt-6 grid grid-cols-2 gap-2 md:grid-cols-3">
        {/* One large picture and two beside it (below it on a phone). */}
        {project.gallery.slice(0, 3).map((src, index) => (
          <img
            key={src}
            src={src.replace('{w}', index === 0 ? '1024' : '640')}
            alt={t('content.homes.photo', { name: project.name, n: index + 1 })}
            loading={index === 0 ? 'eager' : 'lazy'}
            width={640}
            height={427}
            className={`w-full rounded-lg object-cover ${index === 0 ? 'col-span-2 row-span-2 aspect-[3/2] h-full' : 'aspect-[3/2]'}`}
          />
        ))}
      </section>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <h2 className="text-xl font-semibold">{t('content.homes.facts')}</h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-gray-600">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-gray-700">
            {t('content.homes.bedrooms', { min: project.bedroomsMin, max: project.bedroomsMax })} ·{' '}
            {t('content.homes.size', { min: number(project.sizeMinSqft), max: number(project.sizeMaxSqft) })} ·{' '}
            {t('content.homes.units', { count: project.units })} · {t('content.homes.completion', { year: project.completionYear })}
          </p>
          <a
            href={project.brochureUrl}
            className="mt-4 inline-block rounded-full border border-brand-700 px-5 py-2.5 font-medium text-brand-700 hover:bg-brand-50"
            download
          >
            {t('content.homes.brochure')}
          </a>
          <div className="mt-8">
            <RichText blocks={parseMarkdown(project.body)} />
          </div>
        </div>
        <section aria-labelledby="interest" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-5 lg:sticky lg:top-24">
          <h2 id="interest" className="text-xl font-semibold">
            {t('content.homes.interest')}
          </h2>
          {result?.ok ? (
            <p role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-brand-800">
              {result.message}
            </p>
          ) : (
            <>
              <p className="mt-2 text-sm text-gray-700">{t('content.homes.interestLead')}</p>
              <Form method="post" className="mt-4 space-y-4" noValidate>
                <FormError message={result && !result.ok ? result.error : undefined} />
                <ContactFields
                  labels={{ name: t('content.homes.name'), phoneNo: t('content.homes.phone'), email: t('content.homes.email') }}
                  required={['name', 'phoneNo']}
                  errors={errors}
                />
                <TextAreaField id="message" label={t('content.homes.message')} name="message" rows={3} maxLength={1000} />
                <Button type="submit" disabled={navigation.state !== 'idle'}>
                  {t('content.homes.send')}
                </Button>
              </Form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
