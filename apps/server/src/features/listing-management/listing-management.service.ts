import { BUSINESS } from '@kunci/contracts/business';
import type { MediaStore } from '@kunci/media/store';
import { createUploads } from '../../lib/uploads.ts';
import { createLandlordLeadsService } from './landlord-leads.service.ts';
import { createListingJobs } from './listing-jobs.ts';
import { createListingLifecycleService, type ListingLifecycleDeps } from './listing-lifecycle.service.ts';
import { createListingMediaService } from './listing-media.service.ts';
import type { ListingManagementRepository } from './listing-management.repository.ts';
import { createPriceStatisticsService } from './price-statistics.service.ts';

export type { Actor } from './owned-listing.ts';

export interface ListingManagementDeps {
  repository: ListingManagementRepository;
  store: MediaStore;
  secret: string;
  publicUrl: string;
  lifetimeDays?: number;
  onApproving?: ListingLifecycleDeps['onApproving'];
  onApproved?: ListingLifecycleDeps['onApproved'];
}

/**
 * The feature's services on one repository: a listing's life and review, its media, landlord leads, price
 * statistics, and what the listing jobs do.
 */
export function createListingManagementService({
  repository,
  store,
  secret,
  publicUrl,
  lifetimeDays = BUSINESS.listing.lifetimeDays,
  onApproving,
  onApproved,
}: ListingManagementDeps) {
  const uploads = createUploads({ repository: repository.uploads, store, secret, publicUrl });
  return {
    lifecycle: createListingLifecycleService({ repository, secret, publicUrl, lifetimeDays, onApproving, onApproved }),
    media: createListingMediaService({ repository, uploads, store, secret }),
    leads: createLandlordLeadsService(repository),
    prices: createPriceStatisticsService(repository),
    jobs: createListingJobs({ repository, store }),
  };
}
export type ListingManagementService = ReturnType<typeof createListingManagementService>;
