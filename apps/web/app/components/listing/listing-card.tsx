import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListingCard as Card } from '@kunci/contracts/listings';
import type { Area } from '@kunci/contracts/reference';
import { useI18n } from '../../lib/i18n.tsx';
import { AreaIcon, BathIcon, BedIcon } from '../ui/icons.tsx';
import { ListingImage } from './listing-image.tsx';

const SALE = new Set(['HIGHRISE_SALE', 'LANDED_SALE']);

/** What a card shows in its top corner (the shell puts the favourites heart there); nothing by default. */
export const ListingCardAction = createContext<(listing: Card) => ReactNode>(() => null);

export function ListingCard({
  listing,
  areas,
  eager,
  priority = false,
  place,
}: {
  listing: Card;
  areas: readonly Area[];
  eager: boolean;
  priority?: boolean;
  /** The searched place the card's distance is measured from. */
  place?: string | undefined;
}) {
  const { t, href, money, number, lang } = useI18n();
  const action = useContext(ListingCardAction);
  const area = areas.find((a) => a.slug === listing.areaSlug);
  const price = SALE.has(listing.type) ? money(listing.price) : t('listing.perMonth', { price: money(listing.price) });
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md view-list:sm:flex-row">
      <div className="relative aspect-[3/2] w-full shrink-0 bg-gray-100 view-list:sm:aspect-auto view-list:sm:h-auto view-list:sm:w-72">
        <ListingImage
          src={listing.cover?.src ?? null}
          alt={t('listing.photoOf', { name: listing.name })}
          placeholderLabel={t('listing.noPhoto')}
          sizes="(min-width: 1024px) 33vw, (min-width: 480px) 50vw, 100vw"
          eager={eager}
          priority={priority}
        />
        {listing.zeroDepositEligible ? (
          <span className="absolute left-2 top-2 rounded-full bg-brand-700 px-2.5 py-1 text-xs font-semibold text-white">
            {t('listing.zeroDeposit')}
          </span>
        ) : null}
        {listing.offer ? (
          <span className="absolute bottom-2 left-2 rounded-full bg-amber-400 px-2.5 py-1 text-xs font-semibold text-ink">
            {t(listing.offer.kind === 'HOT_DEAL' ? 'growth.offer.HOT_DEAL' : 'growth.offer.CAMPAIGN')}
          </span>
        ) : null}
        {listing.instantView ? (
          <span className="absolute bottom-2 right-2 rounded-full bg-sky-800 px-2.5 py-1 text-xs font-semibold text-white">
            {t('services.instantView.badge')}
          </span>
        ) : null}
        <div className="absolute right-2 top-2 z-10">{action(listing)}</div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <p className="text-lg font-bold text-ink">{price}</p>
        <h3 className="line-clamp-1 font-medium">
          <Link
            to={href('details', { id: listing.id })}
            className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {listing.name}
          </Link>
        </h3>
        <p className="text-sm text-gray-600">
          {area ? t('listing.in', { area: area.name[lang] }) : null}
          {listing.distanceKm !== undefined
            ? ` · ${place ? t('listing.distance', { km: listing.distanceKm, place }) : t('listing.distanceAway', { km: listing.distanceKm })}`
            : null}
        </p>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-sm text-gray-700">
          {listing.bedroom ? (
            <li className="flex items-center gap-1">
              <BedIcon width={18} height={18} /> {t('listing.bedrooms', { count: listing.bedroom })}
            </li>
          ) : null}
          {listing.bathroom ? (
            <li className="flex items-center gap-1">
              <BathIcon width={18} height={18} /> {t('listing.bathrooms', { count: listing.bathroom })}
            </li>
          ) : null}
          {listing.sqft ? (
            <li className="flex items-center gap-1">
              <AreaIcon width={18} height={18} /> {t('listing.sqft', { sqft: number(listing.sqft) })}
            </li>
          ) : null}
        </ul>
      </div>
    </article>
  );
}
