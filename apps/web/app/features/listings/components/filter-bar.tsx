import { useState } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import type { PropertyTypeInfo } from '@kunci/contracts/reference';
import { useI18n } from '../../../lib/i18n.tsx';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { FiltersIcon } from '../../../components/ui/icons.tsx';
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

interface FilterProps {
  filters: ResultFilters;
  types: readonly PropertyTypeInfo[];
  typeSlug: string | undefined;
  sale: boolean;
  clearHref: string;
}

/** How many filters narrow the results (the type, prices, bedrooms, furnishing, pets, zero deposit; not the order). */
export function activeFilterCount({ filters, typeSlug, sale }: Pick<FilterProps, 'filters' | 'typeSlug' | 'sale'>): number {
  return [
    sale ? undefined : typeSlug,
    filters.minPrice,
    filters.maxPrice,
    filters.bedrooms,
    filters.furnishType,
    filters.petFriendly,
    sale ? undefined : filters.zeroDeposit,
    filters.specialOffer,
    sale ? undefined : filters.instantView,
  ].filter((value) => value !== undefined).length;
}

/** The search the filters refine (what was typed or picked), carried through every filter change. */
function KeptSearch({ filters }: { filters: ResultFilters }) {
  return (
    <>
      {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
      {filters.category && (filters.q || filters.lm) ? <input type="hidden" name="category" value={filters.category} /> : null}
      {filters.lm ? <input type="hidden" name="lm" value={filters.lm} /> : null}
    </>
  );
}

/** The filter controls; `prefix` keeps their ids apart when the phone sheet and the desktop bar are both in the page. */
function FilterFields({ filters, types, typeSlug, sale, prefix }: Omit<FilterProps, 'clearHref'> & { prefix: string }) {
  const { t, lang } = useI18n();
  const steps = sale ? SALE_STEPS : PRICE_STEPS;
  const select = SELECT;
  const label = LABEL;
  const rentTypes = types.filter((type) => type.listingType !== 'HIGHRISE_SALE' && type.listingType !== 'LANDED_SALE');
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
      {sale ? null : (
        <div>
          <label htmlFor={`${prefix}-type`} className={label}>
            {t('filters.type')}
          </label>
          <select id={`${prefix}-type`} name="propertyType" defaultValue={typeSlug ?? ''} className={select}>
            <option value="">{t('filters.anyType')}</option>
            {rentTypes.map((type) => (
              <option key={type.slug} value={type.slug}>
                {type.name[lang]}
              </option>
            ))}
          </select>
        </div>
      )}
      <PriceSelect id={`${prefix}-min`} name="minPrice" label={t('filters.minPrice')} value={filters.minPrice} steps={steps} />
      <PriceSelect id={`${prefix}-max`} name="maxPrice" label={t('filters.maxPrice')} value={filters.maxPrice} steps={steps} />
      <div>
        <label htmlFor={`${prefix}-beds`} className={label}>
          {t('filters.bedrooms')}
        </label>
        <select id={`${prefix}-beds`} name="bedrooms" defaultValue={filters.bedrooms ?? ''} className={select}>
          <option value="">{t('filters.any')}</option>
          {[1, 2, 3, 4, 5].map((count) => (
            <option key={count} value={count}>
              {t('filters.bedroomsMin', { count })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${prefix}-furnish`} className={label}>
          {t('filters.furnishing')}
        </label>
        <select id={`${prefix}-furnish`} name="furnishType" defaultValue={filters.furnishType ?? ''} className={select}>
          <option value="">{t('filters.any')}</option>
          {(['NONE', 'PARTIAL', 'FULL'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`furnish.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${prefix}-sort`} className={label}>
          {t('sort.label')}
        </label>
        <select id={`${prefix}-sort`} name="sort" defaultValue={filters.sort ?? 'relevance'} className={select}>
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
          <label className="flex items-center gap-2 py-1">
            <input type="checkbox" name="zeroDeposit" value="true" defaultChecked={filters.zeroDeposit} className="size-4" />{' '}
            {t('filters.zeroDeposit')}
          </label>
        )}
        <label className="flex items-center gap-2 py-1">
          <input type="checkbox" name="petFriendly" value="true" defaultChecked={filters.petFriendly} className="size-4" /> {t('filters.pets')}
        </label>
        <label className="flex items-center gap-2 py-1">
          <input type="checkbox" name="specialOffer" value="true" defaultChecked={filters.specialOffer} className="size-4" />{' '}
          {t('growth.offer.filter')}
        </label>
        {sale ? null : (
          <label className="flex items-center gap-2 py-1">
            <input type="checkbox" name="instantView" value="true" defaultChecked={filters.instantView} className="size-4" />{' '}
            {t('services.instantView.filter')}
          </label>
        )}
      </fieldset>
    </div>
  );
}

/**
 * The results filters: a GET form, so every filter lives in the URL (shareable, back and forward work).
 * With JavaScript each change applies at once; without, the button applies them. From 768 px it is a bar
 * above the results; on phones it folds into FilterSheet's button (and shows as the bar without JavaScript).
 */
export function FilterBar(props: FilterProps) {
  const { t } = useI18n();
  const submit = useSubmit();
  return (
    <>
      <Form
        method="get"
        className="mb-6 hidden rounded-xl border border-gray-200 bg-gray-50 p-4 md:block"
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
        aria-label={t('filters.title')}
      >
        <KeptSearch filters={props.filters} />
        <FilterFields {...props} prefix="f" />
        <div className="mt-3 flex items-center gap-4">
          <noscript>
            <button type="submit" className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white">
              {t('filters.apply')}
            </button>
          </noscript>
          <Link to={props.clearHref} className="text-sm text-brand-700 hover:underline">
            {t('filters.clear')}
          </Link>
        </div>
      </Form>
      {/* A phone without JavaScript cannot open the sheet: it gets the bar. */}
      <noscript>
        <form method="get" className="mb-6 rounded-xl border border-gray-200 bg-gray-50 p-4 md:hidden" aria-label={t('filters.title')}>
          <KeptSearch filters={props.filters} />
          <FilterFields {...props} prefix="fn" />
          <button type="submit" className="mt-3 rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white">
            {t('filters.apply')}
          </button>
        </form>
      </noscript>
    </>
  );
}

/** Phones (below 768 px): one "Filters" button, showing how many are on, that opens the filters in a bottom sheet. */
export function FilterSheet(props: FilterProps) {
  const { t, aside } = useI18n();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(props);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium md:hidden ${count ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-gray-300 hover:bg-gray-50'}`}
      >
        <FiltersIcon width={18} height={18} />
        {t('filters.title')}
        {count ? (
          <>
            <span aria-hidden="true" className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-semibold leading-5 text-white">
              {count}
            </span>
            <span className="sr-only">{aside(t('filters.activeCount', { count }))}</span>
          </>
        ) : null}
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title={t('filters.title')} closeLabel={t('sheet.close')}>
        {/* Changes wait for "Show homes", which closes the sheet on the new results. */}
        <Form method="get" aria-label={t('filters.title')} onSubmit={() => setOpen(false)}>
          <KeptSearch filters={props.filters} />
          <FilterFields {...props} prefix="fs" />
          <div className="mt-5 flex items-center justify-between gap-4">
            <Link to={props.clearHref} onClick={() => setOpen(false)} className="text-sm font-medium text-brand-700 hover:underline">
              {t('filters.clear')}
            </Link>
            <button type="submit" className="rounded-full bg-brand-700 px-6 py-2.5 font-medium text-white hover:bg-brand-800">
              {t('filters.apply')}
            </button>
          </div>
        </Form>
      </BottomSheet>
    </>
  );
}
