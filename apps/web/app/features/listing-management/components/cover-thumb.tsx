import type { OwnerListing } from '@kunci/contracts/listing-management';
import { ListingImage } from '../../../components/listing/listing-image.tsx';
import { useI18n } from '../../../lib/i18n.tsx';

/** A listing's cover beside its row (my listings, the review queue). */
export function CoverThumb({ listing }: { listing: Pick<OwnerListing, 'name' | 'cover'> }) {
  const { t } = useI18n();
  return (
    <div className="aspect-[4/3] w-full shrink-0 overflow-hidden rounded-lg sm:w-48">
      <ListingImage
        src={listing.cover?.src ?? null}
        alt={t('listing.photoOf', { name: listing.name })}
        placeholderLabel={t('listing.noPhoto')}
        sizes="200px"
      />
    </div>
  );
}
