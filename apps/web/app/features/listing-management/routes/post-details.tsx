import { useState } from 'react';
import { Form, data, redirect, useActionData, useNavigation } from 'react-router';
import {
  BATHROOM_TYPES,
  LEASE_TYPES,
  POST_STEP_CODES,
  SALE_KINDS,
  type OwnerListingFull,
  type PropertyInputDraft,
} from '@kunci/contracts/listing-management';
import { FURNISH_TYPES, ROOM_TYPES } from '@kunci/contracts/listings';
import { LISTING_TYPES, type ListingType } from '@kunci/contracts/reference';
import type { MessageKey } from '@kunci/i18n/messages';
import { href, parsePath } from '@kunci/i18n/paths';
import { Button, Field, FormError, SelectField } from '../../../components/ui/field.tsx';
import { ApiError, fieldErrors, serverApi, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { Wizard, nextStepHref } from '../components/wizard.tsx';
import { lostDraft, refOf, stepListing } from '../draft.server.ts';
import type { Route } from './+types/post-details';

const CATEGORIES: Record<ListingType, string[]> = {
  HIGHRISE: ['condo', 'apartment', 'studio', 'highrise'],
  HIGHRISE_SALE: ['condo', 'apartment', 'studio', 'highrise'],
  LANDED: ['house', 'terrace'],
  LANDED_SALE: ['house', 'terrace'],
  ROOM: ['room'],
};
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const editing = 'ref' in params;
  const [listing, types] = await Promise.all([editing ? stepListing(context, lang, user, params.ref) : Promise.resolve(null), api.propertyTypes()]);
  const type = (listing?.input.type ?? url.searchParams.get('type') ?? 'HIGHRISE') as ListingType;
  if (!(LISTING_TYPES as readonly string[]).includes(type)) throw redirect(href(lang, 'post'));
  // One key per new draft's form: sending it again (a lost answer, a second tap) gives back the same listing.
  return { listing, type, types, submissionKey: listing ? null : crypto.randomUUID() };
}

/** The form as the API takes it. Empty fields go as null, so the API answers "required" for each one. */
function toInput(form: FormData, type: ListingType): PropertyInputDraft {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const num = (name: string) => (text(name) === '' ? null : Number(text(name)));
  const date = (name: string) => (text(name) ? new Date(`${text(name)}T00:00:00.000Z`).toISOString() : null);
  return {
    type,
    category: text('category') as PropertyInputDraft['category'],
    landmarkLabelId: num('landmarkLabelId'),
    name: text('name'),
    address: text('address'),
    postcode: text('postcode'),
    unitNumber: text('unitNumber') || null,
    // No pin yet: the API starts it at the building, else in the middle of the postcode's area (never a default).
    latitude: num('latitude'),
    longitude: num('longitude'),
    price: num('price') as number,
    sqft: num('sqft'),
    bedroom: num('bedroom'),
    bathroom: num('bathroom'),
    level: num('level'),
    storeys: num('storeys'),
    roomType: (text('roomType') || null) as PropertyInputDraft['roomType'],
    bathroomType: (text('bathroomType') || null) as PropertyInputDraft['bathroomType'],
    roommate: num('roommate'),
    leaseType: (text('leaseType') || null) as PropertyInputDraft['leaseType'],
    saleType: (text('saleType') || null) as PropertyInputDraft['saleType'],
    furnishType: (text('furnishType') || 'NONE') as PropertyInputDraft['furnishType'],
    availability: date('availability'),
    draftStep: POST_STEP_CODES.details,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang, user, api, form } = await signedInForm(request, context);
  const type = String(form.get('type')) as ListingType;
  const input = toInput(form, type);
  const ref = 'ref' in params ? refOf(params.ref) : null;
  if ('ref' in params && ref === null) throw await lostDraft(context, lang, user);
  try {
    const saved = ref ? await api.updateListing(ref, input) : await api.createListing(input, String(form.get('submissionKey') ?? '') || undefined);
    return redirect(nextStepHref(lang, saved, 'details'));
  } catch (error) {
    if (error instanceof ApiError && error.body) return data({ error: error.body.message, fields: fieldErrors(error.body.fields) }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('post.step.details');

type Suggestion = { landmarkLabelId?: number | undefined; label: string };

/** Step 1: what and where the home is, its size and its price. Saved on the server (a draft) when sent. */
export default function PostDetails({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const api = useApi();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { listing, type, types } = loaderData;
  const input: Partial<OwnerListingFull['input']> = listing?.input ?? {};
  const errors = result?.fields ?? {};
  const sale = type.endsWith('_SALE');
  const highrise = type.startsWith('HIGHRISE');
  const landed = type.startsWith('LANDED');
  const [place, setPlace] = useState({
    landmarkLabelId: input.landmarkLabelId ?? null,
    address: input.address ?? '',
    postcode: input.postcode ?? '',
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    verified: listing?.landmarkVerified ?? false,
  });
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  async function suggest(value: string) {
    const chosen = suggestions.find((s) => s.label === value && s.landmarkLabelId);
    if (chosen?.landmarkLabelId) {
      const building = await api.landmark(chosen.landmarkLabelId).catch(() => null);
      if (building) {
        setPlace({
          landmarkLabelId: building.id,
          address: building.address,
          postcode: building.postcode,
          latitude: building.lat,
          longitude: building.lng,
          verified: building.verified,
        });
      }
      return;
    }
    if (place.landmarkLabelId) setPlace((p) => ({ ...p, landmarkLabelId: null, verified: false }));
    if (value.trim().length < 2) return;
    const found = await api.autocomplete(value).catch(() => null);
    if (found) setSuggestions(found.PROPERTY);
  }

  const number = (name: keyof typeof input, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field
      id={name}
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      defaultValue={(input[name] as number | null | undefined) ?? ''}
      error={errors[name]}
      {...props}
    />
  );
  const choose = (name: keyof typeof input, label: string, values: readonly string[], labelOf: (v: string) => string) => (
    <SelectField
      id={name}
      name={name}
      label={label}
      defaultValue={(input[name] as string | null | undefined) ?? values[0]}
      error={errors[name]}
      options={values.map((v) => ({ value: v, label: labelOf(v) }))}
    />
  );

  return (
    <Wizard step="details" flow={{ type, landmarkVerified: place.verified }}>
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="type" value={type} />
        {loaderData.submissionKey && <input type="hidden" name="submissionKey" value={loaderData.submissionKey} />}
        <input type="hidden" name="landmarkLabelId" value={place.landmarkLabelId ?? ''} />
        <input type="hidden" name="latitude" value={place.latitude ?? ''} />
        <input type="hidden" name="longitude" value={place.longitude ?? ''} />
        <FormError message={result && 'error' in result ? result.error : undefined} />
        <p className="text-sm text-gray-600">{t(`post.kind.${type}` as MessageKey)}</p>
        {choose('category', t('post.field.category'), CATEGORIES[type], (slug) => types.find((ty) => ty.slug === slug)?.name[lang] ?? slug)}
        <Field
          id="name"
          name="name"
          label={t('post.field.building')}
          hint={t('post.field.buildingHint')}
          list="buildings"
          autoComplete="off"
          defaultValue={input.name ?? ''}
          error={errors['name']}
          onChange={(event) => void suggest(event.currentTarget.value)}
          required
        />
        <datalist id="buildings">
          {suggestions.map((s) => (
            <option key={`${s.landmarkLabelId}-${s.label}`} value={s.label} />
          ))}
        </datalist>
        <Field
          id="address"
          name="address"
          label={t('post.field.address')}
          value={place.address}
          onChange={(event) => setPlace({ ...place, address: event.currentTarget.value })}
          error={errors['address']}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="postcode"
            name="postcode"
            label={t('post.field.postcode')}
            inputMode="numeric"
            maxLength={5}
            pattern="\d{5}"
            value={place.postcode}
            onChange={(event) => setPlace({ ...place, postcode: event.currentTarget.value })}
            error={errors['postcode']}
            required
          />
          <Field id="unitNumber" name="unitNumber" label={t('post.field.unit')} defaultValue={input.unitNumber ?? ''} error={errors['unitNumber']} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {number('price', sale ? t('post.field.salePrice') : t('post.field.price'), { min: 2, step: 1, required: true })}
          {type !== 'ROOM' ? number('sqft', t('post.field.sqft'), { min: 99, max: 99_999 }) : null}
          {type !== 'ROOM' ? number('bedroom', t('post.field.bedroom'), { min: 0, max: 20 }) : null}
          {type !== 'ROOM' ? number('bathroom', t('post.field.bathroom'), { min: 0, max: 20 }) : null}
          {highrise || type === 'ROOM' ? number('level', t('post.field.level'), { min: -5, max: 200 }) : null}
          {landed ? number('storeys', t('post.field.storeys'), { min: 1, max: 10 }) : null}
          {type === 'ROOM' ? choose('roomType', t('post.field.roomType'), ROOM_TYPES, (v) => t(`roomType.${v}` as MessageKey)) : null}
          {type === 'ROOM' ? choose('bathroomType', t('post.field.bathroomType'), BATHROOM_TYPES, (v) => t(`post.option.${v}` as MessageKey)) : null}
          {type === 'ROOM' ? number('roommate', t('post.field.roommate'), { min: 0, max: 20 }) : null}
          {sale ? choose('leaseType', t('post.field.leaseType'), LEASE_TYPES, (v) => t(`post.option.${v}` as MessageKey)) : null}
          {sale ? choose('saleType', t('post.field.saleType'), SALE_KINDS, (v) => t(`post.option.${v}` as MessageKey)) : null}
          {choose('furnishType', t('post.field.furnish'), FURNISH_TYPES, (v) => t(`furnish.${v}` as MessageKey))}
          {!sale ? (
            <Field
              id="availability"
              name="availability"
              type="date"
              label={t('post.field.availability')}
              defaultValue={input.availability?.slice(0, 10) ?? ''}
              error={errors['availability']}
            />
          ) : null}
        </div>
        <Button type="submit" disabled={navigation.state !== 'idle'}>
          {t('post.saveNext')}
        </Button>
      </Form>
    </Wizard>
  );
}
