import type { ListingCard as Card } from '@kunci/contracts/listings';
import type { Area } from '@kunci/contracts/reference';
import { ListingCard } from './listing-card.tsx';

/** Grid by default; one card per row in list mode (the saved mode is a data attribute on <html>). */
export function ListingGrid({
  listings,
  areas,
  onActivate,
  narrow = false,
  place,
  belowTheFold = false,
}: {
  listings: readonly Card[];
  areas: readonly Area[];
  /** Called with the card under the pointer or focus (the map highlights it). */
  onActivate?: (id: number | null) => void;
  /** Beside a map: two columns at most. */
  narrow?: boolean;
  /** The searched place distances are measured from. */
  place?: string | undefined;
  /** Under the page's own content (a listing's similar homes): no photo is fetched early, none ahead of the page's. */
  belowTheFold?: boolean;
}) {
  return (
    <ul className={`grid gap-5 sm:grid-cols-2 ${narrow ? '' : 'lg:grid-cols-3'} view-list:grid-cols-1`}>
      {listings.map((listing, index) => (
        <li
          key={listing.id}
          onMouseEnter={onActivate ? () => onActivate(listing.id) : undefined}
          onMouseLeave={onActivate ? () => onActivate(null) : undefined}
          onFocus={onActivate ? () => onActivate(listing.id) : undefined}
        >
          <ListingCard listing={listing} areas={areas} eager={!belowTheFold && index < 3} priority={!belowTheFold && index === 0} place={place} />
        </li>
      ))}
    </ul>
  );
}
