import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { PROMOTION_KINDS, type ManagedPromotion, type PromotionKind } from '@kunci/contracts/growth';
import { holdsRole } from '@kunci/contracts/staff';
import { LANGUAGES, LANGUAGE_NAME } from '@kunci/i18n/locales';
import type { MessageKey } from '@kunci/i18n/messages';
import { href, parsePath } from '@kunci/i18n/paths';
import { Button, Field, FormError, SelectField } from '../../../components/ui/field.tsx';
import { ApiError, fieldErrors, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { signedInForm } from '../../../lib/form-action.server.ts';
import type { Route } from './+types/promotions-admin';

/** Staff type Malaysia time; the API takes instants. */
const MALAYSIA_OFFSET = '+08:00';
const toInstant = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}${MALAYSIA_OFFSET}` : '');
const toLocal = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  if (!holdsRole(user.role, ['editor'])) throw redirect(href(lang, 'dashboard'));
  const { content } = await serverApi(context, lang).managedPromotions();
  const editId = Number(url.searchParams.get('edit'));
  return { promotions: content, editing: content.find((p) => p.id === editId) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, text } = await signedInForm(request, context);
  const id = Number(text('id')) || undefined;
  try {
    if (text('intent') === 'delete' && id) {
      await api.deletePromotion(id);
      return { ok: true as const, done: 'deleted' as const, title: text('title') };
    }
    const listingIds = text('listingIds')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const saved = await api.savePromotion(id, {
      // Checked by the API, which answers a bad kind with a field error.
      kind: text('kind') as PromotionKind,
      partnerName: text('partnerName') || null,
      title: { en: text('title_en'), ms: text('title_ms'), zh: text('title_zh') },
      description: { en: text('description_en'), ms: text('description_ms'), zh: text('description_zh') },
      linkUrl: text('linkUrl') || null,
      startsAt: toInstant(text('startsAt')),
      endsAt: toInstant(text('endsAt')),
      listingIds,
    });
    return { ok: true as const, done: 'saved' as const, title: saved.title.en };
  } catch (error) {
    if (error instanceof ApiError && error.body && error.status < 500) {
      // Field paths are body.title.ms, body.endsAt...: keep the part after "body.".
      const fields = Object.fromEntries((error.body.fields ?? []).map((f) => [f.path.replace(/^body\./, '').replace('.', '_'), f.message]));
      return data({ ok: false as const, error: error.body.message, fields: { ...fieldErrors(error.body.fields), ...fields } }, { status: 400 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('growth.admin.title');

function PromotionForm({ editing, errors }: { editing: ManagedPromotion | null; errors: Record<string, string> }) {
  const { t, href: link } = useI18n();
  const navigation = useNavigation();
  return (
    <Form method="post" className="mt-4 grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 md:grid-cols-2 md:p-6" noValidate>
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <SelectField
        id="kind"
        name="kind"
        label={t('growth.admin.kind')}
        defaultValue={editing?.kind ?? 'HOT_DEAL'}
        options={PROMOTION_KINDS.map((kind) => ({ value: kind, label: t(`growth.offer.${kind}` as MessageKey) }))}
      />
      <Field
        id="partnerName"
        name="partnerName"
        label={t('growth.admin.partner')}
        defaultValue={editing?.partnerName ?? ''}
        error={errors['partnerName']}
      />
      {LANGUAGES.map((lang) => (
        <div key={lang} className="md:col-span-2 grid gap-3 md:grid-cols-2">
          <Field
            id={`title_${lang}`}
            name={`title_${lang}`}
            lang={lang === 'ms' ? 'ms' : lang}
            label={t('growth.admin.titleIn', { language: LANGUAGE_NAME[lang] })}
            defaultValue={editing?.title[lang] ?? ''}
            maxLength={120}
            error={errors[`title_${lang}`] ?? (lang === 'en' ? errors['title'] : undefined)}
            required
          />
          <div>
            <label htmlFor={`description_${lang}`} className="block text-sm font-medium text-gray-800">
              {t('growth.admin.descriptionIn', { language: LANGUAGE_NAME[lang] })}
            </label>
            <textarea
              id={`description_${lang}`}
              name={`description_${lang}`}
              lang={lang}
              rows={2}
              maxLength={2000}
              defaultValue={editing?.description[lang] ?? ''}
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-base"
            />
          </div>
        </div>
      ))}
      <Field id="linkUrl" name="linkUrl" type="url" label={t('growth.admin.link')} defaultValue={editing?.linkUrl ?? ''} error={errors['linkUrl']} />
      <Field
        id="listingIds"
        name="listingIds"
        label={t('growth.admin.listings')}
        defaultValue={editing?.listingIds.join(', ') ?? ''}
        inputMode="numeric"
        error={errors['listingIds']}
      />
      <Field
        id="startsAt"
        name="startsAt"
        type="datetime-local"
        label={t('growth.admin.starts')}
        defaultValue={editing ? toLocal(editing.startsAt) : ''}
        error={errors['startsAt']}
        required
      />
      <Field
        id="endsAt"
        name="endsAt"
        type="datetime-local"
        label={t('growth.admin.ends')}
        defaultValue={editing ? toLocal(editing.endsAt) : ''}
        error={errors['endsAt']}
        required
      />
      <div className="flex flex-col gap-3 sm:flex-row md:col-span-2">
        <Button type="submit" name="intent" value="save" disabled={navigation.state !== 'idle'} className="sm:w-auto">
          {t('growth.admin.save')}
        </Button>
        {editing ? (
          <Link to={link('promotionsAdmin')} className="rounded-full border border-gray-300 px-5 py-3 text-center font-medium hover:bg-gray-50">
            {t('growth.admin.cancel')}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Staff publish hot deals and partner campaigns with their dates, texts in three languages and listings. */
export default function PromotionsAdmin({ loaderData }: Route.ComponentProps) {
  const { t, href: link, dateTime, label } = useI18n();
  const result = useActionData<typeof action>();
  const { promotions, editing } = loaderData;
  const errors = result && !result.ok ? result.fields : {};
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.admin.title')}</h1>
      <p className="mt-2 text-gray-700">{t('growth.admin.intro')}</p>
      {result?.ok ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 text-brand-800">
          {t(result.done === 'saved' ? 'growth.admin.saved' : 'growth.admin.deleted', { title: result.title })}
        </p>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold">{editing ? `${label(t('growth.admin.edit'))}${editing.title.en}` : t('growth.admin.new')}</h2>
      <FormError message={result && !result.ok ? result.error : undefined} />
      <PromotionForm key={editing?.id ?? 'new'} editing={editing} errors={errors} />

      <h2 className="mt-10 text-lg font-semibold">{t('growth.admin.title')}</h2>
      {promotions.length === 0 ? (
        <p className="mt-3 text-gray-700">{t('growth.admin.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200 rounded-2xl bg-white ring-1 ring-gray-200">
          {promotions.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-medium">{p.title.en}</p>
                <p className="text-sm text-gray-700">
                  {t(`growth.offer.${p.kind}` as MessageKey)}
                  {p.partnerName ? ` · ${p.partnerName}` : ''} · {t(`growth.admin.state.${p.state}` as MessageKey)} ·{' '}
                  {t('growth.admin.when', { start: dateTime(p.startsAt), end: dateTime(p.endsAt) })} ·{' '}
                  {t('growth.hot.homes', { count: p.listingIds.length })}
                </p>
              </div>
              <div className="flex gap-3">
                <Link to={link('promotionsAdmin', undefined, { edit: p.id })} className="text-brand-700 hover:underline">
                  {t('growth.admin.edit')}
                </Link>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(t('growth.admin.confirmDelete', { title: p.title.en }))) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="id" value={p.id} />
                  <input type="hidden" name="title" value={p.title.en} />
                  <button type="submit" name="intent" value="delete" className="text-red-700 hover:underline">
                    {t('growth.admin.delete')}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
