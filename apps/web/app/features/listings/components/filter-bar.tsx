import { Form, Link, useSubmit } from 'react-router';
import type { PropertyTypeInfo } from '@kunci/contracts/reference';
import { useI18n } from '../../../lib/i18n.tsx';
import type { ResultFilters } from '../search-params.ts';

const PRICE_STEPS = [500, 800, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 8000];
const SALE_STEPS = [200_000, 300_000, 500_000, 800_000, 1_000_000, 1_500_000, 2_000_000];

const SELECT = 'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-2 py-2 text-sm';
const LABEL = 'block text-xs font-medium text-gray-700';

function PriceSelect({
  id,
  name,
  label,
  value,
  steps,
}: {
  id: string;
  name: string;
  label: string;
  value: number | undefined;
  steps: readonly number[];
}) {
  const { t, money } = useI18n();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={SELECT}>
        <option value="">{t('filters.any')}</option>
        {steps.map((step) => (
          <option key={step} value={step}>
            {money(step)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The results filters: a GET form, so every filter lives in the URL (shareable, back and forward work).
 * With JavaScript each change applies at once; without, the button applies them.
 */
export function FilterBar({
  filters,
  types,
  typeSlug,
  sale,
  clearHref,
}: {
  filters: ResultFilters;
  types: readonly PropertyTypeInfo[];
  typeSlug: string | undefined;
  sale: boolean;
  clearHref: string;
}) {
  const { t, lang } = useI18n();
  const submit = useSubmit();
  const steps = sale ? SALE_STEPS : PRICE_STEPS;
  const select = SELECT;
  const label = LABEL;
  const rentTypes = types.filter((type) => type.listingType !== 'HIGHRISE_SALE' && type.listingType !== 'LANDED_SALE');
  return (
    <Form
      method="get"
      className="mb-6 rounded-xl border border-gray-200 bg-gray-50 p-4"
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
      aria-label={t('filters.title')}
    >
      {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
      {filters.category && (filters.q || filters.lm) ? <input type="hidden" name="category" value={filters.category} /> : null}
      {filters.lm ? <input type="hidden" name="lm" value={filters.lm} /> : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
        {sale ? null : (
          <div>
            <label htmlFor="f-type" className={label}>
              {t('filters.type')}
            </label>
            <select id="f-type" name="propertyType" defaultValue={typeSlug ?? ''} className={select}>
              <option value="">{t('filters.anyType')}</option>
              {rentTypes.map((type) => (
                <option key={type.slug} value={type.slug}>
                  {type.name[lang]}
                </option>
              ))}
            </select>
          </div>
        )}
        <PriceSelect id="f-min" name="minPrice" label={t('filters.minPrice')} value={filters.minPrice} steps={steps} />
        <PriceSelect id="f-max" name="maxPrice" label={t('filters.maxPrice')} value={filters.maxPrice} steps={steps} />
        <div>
          <label htmlFor="f-beds" className={label}>
            {t('filters.bedrooms')}
          </label>
          <select id="f-beds" name="bedrooms" defaultValue={filters.bedrooms ?? ''} className={select}>
            <option value="">{t('filters.any')}</option>
            {[1, 2, 3, 4, 5].map((count) => (
              <option key={count} value={count}>
                {t('filters.bedroomsMin', { count })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-furnish" className={label}>
            {t('filters.furnishing')}
          </label>
          <select id="f-furnish" name="furnishType" defaultValue={filters.furnishType ?? ''} className={select}>
            <option value="">{t('filters.any')}</option>
            {(['NONE', 'PARTIAL', 'FULL'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`furnish.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-sort" className={label}>
            {t('sort.label')}
          </label>
          <select id="f-sort" name="sort" defaultValue={filters.sort ?? 'relevance'} className={select}>
            <option value="relevance">{t('sort.relevance')}</option>
            <option value="-dateCreated">{t('sort.newest')}</option>
            <option value="price">{t('sort.priceUp')}</option>
            <option value="-price">{t('sort.priceDown')}</option>
            {filters.lm ? <option value="distance">{t('sort.distance')}</option> : null}
          </select>
        </div>
        <fieldset className="col-span-2 flex flex-col justify-end gap-1 text-sm md:col-span-1">
          <legend className="sr-only">{t('filters.title')}</legend>
          {sale ? null : (
            <label className="flex items-center gap-2">
              <input type="checkbox" name="zeroDeposit" value="true" defaultChecked={filters.zeroDeposit} /> {t('filters.zeroDeposit')}
            </label>
          )}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="petFriendly" value="true" defaultChecked={filters.petFriendly} /> {t('filters.pets')}
          </label>
        </fieldset>
      </div>
      <div className="mt-3 flex items-center gap-4">
        <noscript>
          <button type="submit" className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white">
            {t('filters.apply')}
          </button>
        </noscript>
        <Link to={clearHref} className="text-sm text-brand-700 hover:underline">
          {t('filters.clear')}
        </Link>
      </div>
    </Form>
  );
}
