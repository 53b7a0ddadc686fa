import { Form, Link, useNavigation } from 'react-router';
import { FURNISH_TYPES } from '@kunci/contracts/listings';
import type { PriceCheck } from '@kunci/contracts/growth';
import { formatLabel } from '@kunci/i18n/format';
import type { MessageKey } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { Button, SelectField } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import { BuildingPicker } from '../components/building-picker.tsx';
import { PriceChart } from '../components/price-chart.tsx';
import type { Route } from './+types/price-checker';

const BEDROOMS = [0, 1, 2, 3, 4, 5];
type Furnish = (typeof FURNISH_TYPES)[number];

/** The form's query, read leniently: a bad value falls back to the default instead of failing the page. */
function readQuery(url: URL) {
  const id = Number(url.searchParams.get('building'));
  const bedroom = Number(url.searchParams.get('bedroom') ?? 2);
  const furnish = url.searchParams.get('furnish') ?? '';
  return {
    buildingId: Number.isInteger(id) && id > 0 ? id : undefined,
    name: (url.searchParams.get('name') ?? '').trim().slice(0, 100),
    bedroom: BEDROOMS.includes(bedroom) ? bedroom : 2,
    furnish: (FURNISH_TYPES as readonly string[]).includes(furnish) ? (furnish as Furnish) : undefined,
  };
}

/**
 * The check runs in the loader, so a result is a shareable URL and the page works without script: a name typed
 * without picking a building is looked up (the same name first, else the best match).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname.replace(/\.data$/, ''));
  const query = readQuery(url);
  const api = serverApi(context, lang);
  const asked = Boolean(query.buildingId || query.name);
  let check: PriceCheck | null = null;
  let problem: 'noBuilding' | 'error' | 'short' | null = null;
  if (asked) {
    try {
      let id = query.buildingId;
      if (!id && query.name.length < 2) problem = 'short';
      else if (!id) {
        const { content } = await api.priceCheckerBuildings(query.name);
        id = (content.find((b) => b.name.toLowerCase() === query.name.toLowerCase()) ?? content[0])?.id;
        if (!id) problem = 'noBuilding';
      }
      if (id) check = await api.priceCheck({ landmarkLabelId: id, bedroom: query.bedroom, furnishType: query.furnish ?? null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) problem = 'noBuilding';
      else if (error instanceof ApiError && error.status < 500) problem = 'short';
      else problem = 'error';
    }
  }
  return { query, check, problem, path: url.pathname.replace(/\.data$/, '') };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, lang, publicUrl } = metaI18n(matches);
  const check = loaderData?.check;
  return seo({
    title: check
      ? `${formatLabel(lang, check.building.name)}${t('growth.price.title')} | ${t('app.name')}`
      : `${t('growth.price.title')} | ${t('app.name')}`,
    description: t('growth.price.intro'),
    canonicalPath: loaderData?.path ?? '/more/price-checker',
    publicUrl,
    // One indexable page; answers for each building are for the asker.
    noindex: Boolean(check),
  });
};

/** The rent price checker: a building, bedrooms and furnishing give a recommended range, its count and a chart. */
export default function PriceChecker({ loaderData }: Route.ComponentProps) {
  const { t, href, number, date } = useI18n();
  const { query, check, problem } = loaderData;
  const navigation = useNavigation();
  const checking = navigation.state === 'loading' && navigation.location.pathname === loaderData.path;
  const bedroomsText = (n: number) => (n === 0 ? t('growth.price.studio') : t('listing.bedrooms', { count: n }));
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.price.title')}</h1>
      <p className="mt-2 text-gray-700">{t('growth.price.intro')}</p>

      <Form method="get" className="mt-6 grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 md:grid-cols-2 md:p-6" noValidate>
        <div className="md:col-span-2">
          <BuildingPicker
            key={`${query.buildingId ?? ''}-${query.name}`}
            initialName={check?.building.name ?? query.name}
            initialId={check?.building.id ?? query.buildingId}
            error={problem === 'short' ? t('growth.field.keywords') : undefined}
          />
        </div>
        <SelectField
          id="bedroom"
          name="bedroom"
          label={t('growth.price.bedrooms')}
          defaultValue={String(query.bedroom)}
          options={BEDROOMS.map((n) => ({ value: String(n), label: n === 0 ? t('growth.price.studio') : String(n) }))}
        />
        <SelectField
          id="furnish"
          name="furnish"
          label={t('growth.price.furnishing')}
          defaultValue={query.furnish ?? ''}
          options={[
            { value: '', label: t('growth.price.anyFurnishing') },
            ...FURNISH_TYPES.map((f) => ({ value: f, label: t(`furnish.${f}` as MessageKey) })),
          ]}
        />
        <div className="md:col-span-2">
          <Button type="submit" disabled={checking}>
            {checking ? t('growth.price.checking') : t('growth.price.check')}
          </Button>
        </div>
      </Form>

      <div aria-live="polite" className="mt-6">
        {problem === 'noBuilding' ? (
          <p role="status" className="rounded-lg bg-amber-50 p-4 text-amber-900">
            {t('growth.price.noBuilding')}
          </p>
        ) : problem === 'error' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {t('growth.price.error')}
          </p>
        ) : check && check.count === 0 ? (
          <p role="status" className="rounded-lg bg-gray-50 p-4 text-gray-800">
            {t('growth.price.none', { bedrooms: bedroomsText(check.bedroom), building: check.building.name, area: check.building.areaName })}
          </p>
        ) : check && check.low !== null && check.high !== null ? (
          <section aria-labelledby="price-result" className="rounded-2xl bg-brand-50 p-4 md:p-6">
            <p className="text-sm font-medium text-brand-800">
              {t('growth.price.rangeLabel')} · {check.building.name}, {bedroomsText(check.bedroom)}
              {check.furnishType ? `, ${t(`furnish.${check.furnishType}` as MessageKey)}` : ''}
            </p>
            <h2 id="price-result" className="mt-1 text-3xl font-bold text-brand-900">
              {t('growth.price.range', { low: number(check.low), high: number(check.high) })}
            </h2>
            {check.median !== null ? <p className="mt-2 text-gray-800">{t('growth.price.median', { median: number(check.median) })}</p> : null}
            <p className="mt-1 text-sm text-gray-700">
              {t('growth.price.basedOn', { count: check.count, since: date(check.since), live: check.live, past: check.past })}
            </p>
            <p className="mt-1 text-sm text-gray-700">{t(`growth.price.basis.${check.basis}` as MessageKey, { area: check.building.areaName })}</p>
            <PriceChart check={check} />
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to={href('post')} className="rounded-full bg-brand-700 px-5 py-3 text-center font-medium text-white hover:bg-brand-800">
                {t('growth.price.listHome')}
              </Link>
              <Link
                to={href('rent', { loc: check.building.areaSlug })}
                className="rounded-full border border-gray-300 bg-white px-5 py-3 text-center font-medium hover:bg-gray-50"
              >
                {t('growth.price.seeRentals', { area: check.building.areaName })}
              </Link>
            </div>
          </section>
        ) : null}
      </div>

      <p className="mt-8 text-sm">
        <Link to={href('priceWidget')} className="text-brand-700 hover:underline">
          {t('growth.price.widgetTitle')}
        </Link>
      </p>
    </div>
  );
}
