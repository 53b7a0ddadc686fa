import { useState, type ChangeEvent } from 'react';
import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { CONTENT_LANGUAGES, ContentKind, type AdminContentEntry, type ContentInput } from '@kunci/contracts/content';
import { LANGUAGE_NAME } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { Button, Field, FormError, SelectField } from '../../../components/ui/field.tsx';
import { ApiError, serverApi, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { useRootData } from '../../../lib/root-data.ts';
import { contentPath } from '../content-links.ts';
import { requireStaffPage } from '../staff.server.ts';
import type { Route } from './+types/admin-content-edit';

const HOUR_MS = 3_600_000;
/** A stored instant as the value of a datetime-local field, in Malaysia time (UTC+8 all year). */
const toLocal = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + 8 * HOUR_MS).toISOString().slice(0, 16) : '');
const fromLocal = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+08:00` : null);

type Draft = AdminContentEntry['draft'];
const BLANK = { slug: '', title: '', description: '', body: '' };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { lang } = requireStaffPage(request, context, ['editor']);
  const url = new URL(request.url);
  if (params.id === 'new') {
    const kind = ContentKind.safeParse(url.searchParams.get('kind'));
    if (!kind.success || !['POST', 'EVENT', 'FAQ'].includes(kind.data)) throw data(null, { status: 404 });
    return { entry: null, kind: kind.data, notice: null };
  }
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  if (!id) throw data(null, { status: 404 });
  try {
    const entry = await serverApi(context, lang).adminContent(id);
    return { entry, kind: entry.kind, notice: url.searchParams.get('done') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang } = requireStaffPage(request, context, ['editor']);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const intent = text('intent');
  const api = serverApi(context, lang);
  const existing = params.id === 'new' ? null : Number(params.id);
  try {
    if (intent === 'unpublish' && existing) {
      await api.publishContent(existing, false);
      return redirect(href(lang, 'adminContentEdit', { id: existing }, { done: 'unpublished' }));
    }
    const input: ContentInput = {
      kind: text('kind') as ContentInput['kind'],
      audience: (text('audience') || null) as ContentInput['audience'],
      areaSlug: text('areaSlug') || null,
      coverKey: text('coverKey') || null,
      startsAt: fromLocal(text('startsAt')),
      endsAt: fromLocal(text('endsAt')),
      venue: text('venue') || null,
      translations: Object.fromEntries(
        CONTENT_LANGUAGES.map((l) => [
          l,
          { slug: text(`${l}.slug`), title: text(`${l}.title`), description: text(`${l}.description`), body: text(`${l}.body`) },
        ]),
      ) as ContentInput['translations'],
    };
    const saved = existing ? await api.saveContent(existing, input) : await api.createContent(input);
    if (intent === 'publish') await api.publishContent(saved.id, true);
    return redirect(href(lang, 'adminContentEdit', { id: saved.id }, { done: intent === 'publish' ? 'published' : 'saved' }));
  } catch (error) {
    if (error instanceof ApiError && error.body) {
      // Field paths name the language ("translations.ms.body"), so each error lands on its own field.
      const fields = Object.fromEntries(
        (error.body.fields ?? []).map((f) => [f.path.replace(/^body\./, '').replace(/^translations\./, ''), f.message]),
      );
      return data({ error: error.body.message, fields, values: Object.fromEntries(form) as Record<string, string> }, { status: error.status });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('content.admin.title');

/** The editor: an entry's settings and its words in English, Malay and Chinese; save the draft, preview, publish. */
export default function AdminContentEdit({ loaderData }: Route.ComponentProps) {
  const { t, href: link, lang } = useI18n();
  const { areas } = useRootData();
  const api = useApi();
  const { entry, kind, notice } = loaderData;
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const errors = failed?.fields ?? {};
  const value = (name: string, fallback: string) => failed?.values[name] ?? fallback;
  const draft: Draft = entry?.draft ?? { en: BLANK, ms: BLANK, zh: BLANK };
  const [cover, setCover] = useState<{ key: string; src: string | null }>({
    key: value('coverKey', entry?.coverKey ?? ''),
    src: entry?.cover ?? null,
  });
  const [upload, setUpload] = useState<{ state: 'idle' | 'busy' | 'done' | 'failed'; text?: string }>({ state: 'idle' });

  async function onPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUpload({ state: 'busy' });
    try {
      const image = await api.uploadContentImage(file);
      setCover({ key: image.key, src: `/media/${image.key}/{w}.webp` });
      setUpload({ state: 'done', text: t('content.admin.uploaded', { markdown: `![](${image.url})` }) });
    } catch (error) {
      setUpload({ state: 'failed', text: error instanceof Error ? error.message : String(error) });
    }
  }

  const preview = entry
    ? contentPath(lang, { kind: entry.kind, key: entry.key, slugs: { en: draft.en.slug, ms: draft.ms.slug, zh: draft.zh.slug } })
    : null;
  const langHasError = (l: string) => Object.keys(errors).some((path) => path.startsWith(`${l}.`));
  const notices: Record<string, string> = {
    saved: t('content.admin.draftSaved'),
    published: t('content.admin.published'),
    unpublished: t('content.admin.unpublished'),
  };
  const fixedAddress = kind === 'GUIDE' || kind === 'PAGE' || entry?.key === 'tenant-faq' || entry?.key === 'landlord-faq';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={link('adminContent')} className="text-brand-700 hover:underline">
          {t('content.admin.back')}
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">
        {entry ? draft.en.title || t(`content.admin.kind.${kind}`) : t(`content.admin.new.${kind as 'POST' | 'EVENT' | 'FAQ'}`)}
      </h1>
      {entry ? (
        <p className="mt-1 text-sm text-gray-600">
          {t(`content.admin.kind.${entry.kind}`)} · {t(`content.admin.status.${entry.status}`)}
          {entry.status === 'PUBLISHED' && entry.unpublishedChanges ? ` · ${t('content.admin.changes')}` : ''}
        </p>
      ) : null}
      {notice && notices[notice] ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 text-brand-800">
          {notices[notice]}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-8" noValidate>
        <FormError message={failed ? `${failed.error} ${Object.keys(errors).length ? t('content.admin.errors') : ''}`.trim() : undefined} />
        <input type="hidden" name="kind" value={kind} />
        <fieldset className="space-y-4 rounded-xl border border-gray-200 p-4">
          <legend className="px-1 text-lg font-semibold">{t('content.admin.settings')}</legend>
          {kind === 'FAQ' || kind === 'GUIDE' || kind === 'PAGE' ? (
            <SelectField
              id="audience"
              name="audience"
              label={t('content.admin.audience')}
              defaultValue={value('audience', entry?.audience ?? '')}
              options={[
                { value: '', label: t('content.admin.audience.none') },
                { value: 'TENANT', label: t('content.admin.audience.TENANT') },
                { value: 'LANDLORD', label: t('content.admin.audience.LANDLORD') },
              ]}
            />
          ) : null}
          {kind === 'FAQ' ? (
            <SelectField
              id="areaSlug"
              name="areaSlug"
              label={t('content.admin.area')}
              defaultValue={value('areaSlug', entry?.areaSlug ?? '')}
              options={[{ value: '', label: t('content.admin.noArea') }, ...areas.map((a) => ({ value: a.slug, label: a.name[lang] }))]}
            />
          ) : null}
          {kind === 'EVENT' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="startsAt"
                name="startsAt"
                type="datetime-local"
                label={t('content.admin.startsAt')}
                defaultValue={value('startsAt', toLocal(entry?.startsAt ?? null))}
                error={errors['startsAt']}
                required
              />
              <Field
                id="endsAt"
                name="endsAt"
                type="datetime-local"
                label={t('content.admin.endsAt')}
                defaultValue={value('endsAt', toLocal(entry?.endsAt ?? null))}
                error={errors['endsAt']}
              />
              <div className="sm:col-span-2">
                <Field
                  id="venue"
                  name="venue"
                  label={t('content.admin.venue')}
                  defaultValue={value('venue', entry?.venue ?? '')}
                  error={errors['venue']}
                  required
                />
              </div>
            </div>
          ) : null}
          <div>
            <p className="text-sm font-medium text-gray-800">{t('content.admin.cover')}</p>
            <input type="hidden" name="coverKey" value={cover.key} />
            {cover.src ? (
              <div className="mt-2 flex items-center gap-4">
                <img src={cover.src.replace('{w}', '640')} alt="" className="h-20 w-32 rounded object-cover" />
                <button type="button" onClick={() => setCover({ key: '', src: null })} className="text-sm text-red-700 underline">
                  {t('content.admin.coverRemove')}
                </button>
              </div>
            ) : (
              <p className="mt-1 text-sm text-gray-600">{t('content.admin.coverNone')}</p>
            )}
            <label className="mt-3 inline-block cursor-pointer rounded-full border border-gray-300 px-4 py-2 text-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600">
              {upload.state === 'busy' ? t('content.admin.uploading') : t('content.admin.upload')}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/heic"
                className="sr-only"
                onChange={onPicture}
                disabled={upload.state === 'busy'}
              />
            </label>
            {upload.text ? (
              <p role="status" className={`mt-2 break-all text-sm ${upload.state === 'failed' ? 'text-red-700' : 'text-gray-700'}`}>
                {upload.text}
              </p>
            ) : null}
            {errors['coverKey'] ? <p className="mt-1 text-sm text-red-700">{errors['coverKey']}</p> : null}
          </div>
        </fieldset>
        {CONTENT_LANGUAGES.map((l) => (
          <fieldset
            key={l}
            lang={l === 'ms' ? 'ms' : l}
            className={`space-y-4 rounded-xl border p-4 ${langHasError(l) ? 'border-red-400' : 'border-gray-200'}`}
          >
            <legend className="px-1 text-lg font-semibold">
              {langHasError(l) ? t('content.admin.languageError', { language: LANGUAGE_NAME[l] }) : LANGUAGE_NAME[l]}
            </legend>
            <Field
              id={`${l}.title`}
              name={`${l}.title`}
              label={t('content.admin.titleField')}
              defaultValue={value(`${l}.title`, draft[l].title)}
              error={errors[`${l}.title`]}
              required
            />
            <Field
              id={`${l}.slug`}
              name={`${l}.slug`}
              label={t('content.admin.slug')}
              defaultValue={value(`${l}.slug`, draft[l].slug)}
              error={errors[`${l}.slug`]}
              readOnly={fixedAddress}
              required
            />
            <Field
              id={`${l}.description`}
              name={`${l}.description`}
              label={t('content.admin.description')}
              defaultValue={value(`${l}.description`, draft[l].description)}
              error={errors[`${l}.description`]}
              required
            />
            <div>
              <label htmlFor={`${l}.body`} className="block text-sm font-medium text-gray-800">
                {t('content.admin.body')}
              </label>
              <textarea
                id={`${l}.body`}
                name={`${l}.body`}
                rows={14}
                defaultValue={value(`${l}.body`, draft[l].body)}
                aria-invalid={errors[`${l}.body`] ? true : undefined}
                aria-describedby={`${l}-body-help${errors[`${l}.body`] ? ` ${l}-body-error` : ''}`}
                className={`mt-1 block w-full rounded-lg border px-3 py-2.5 font-mono text-sm ${errors[`${l}.body`] ? 'border-red-600' : 'border-gray-300'}`}
              />
              {errors[`${l}.body`] ? (
                <p id={`${l}-body-error`} className="mt-1 text-sm text-red-700">
                  {errors[`${l}.body`]}
                </p>
              ) : null}
              <p id={`${l}-body-help`} className="mt-1 text-xs text-gray-600">
                {t('content.admin.format')}
              </p>
            </div>
          </fieldset>
        ))}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <div className="sm:w-48">
            <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
              {t('content.admin.save')}
            </Button>
          </div>
          <div className="sm:w-48">
            <Button type="submit" name="intent" value="publish" disabled={busy}>
              {t('content.admin.publish')}
            </Button>
          </div>
          {entry && preview ? (
            <Link to={`${preview}?preview`} target="_blank" className="text-center text-brand-700 underline">
              {t('content.admin.preview')}
            </Link>
          ) : null}
          {entry?.status === 'PUBLISHED' ? (
            <button type="submit" name="intent" value="unpublish" disabled={busy} className="text-center text-sm text-red-700 underline">
              {t('content.admin.unpublish')}
            </button>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
