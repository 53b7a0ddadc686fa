import type { ListingCard as Card } from '@kunci/contracts/listings';
import type { Area } from '@kunci/contracts/reference';
import { ListingCard } from './listing-card.tsx';

/** Grid by default; one card per row in list mode (the saved mode is a data attribute on <html>). */
export function ListingGrid({ listings, areas }: { listings: readonly Card[]; areas: readonly Area[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 view-list:grid-cols-1">
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard listing={listing} areas={areas} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
