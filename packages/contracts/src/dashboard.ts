import { z } from 'zod';
import { RentalRole } from './users.ts';

/** What the dashboard lists: the next few viewings, a few listings of each kind needing action, and how far ahead "expiring soon" looks. */
export const DASHBOARD = { viewings: 3, listingsPerKind: 3, expiringWithinDays: 7 } as const;

export const DashboardViewing = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  startsAt: z.string(),
  /** The user's side of this viewing: TENANT when they booked it, LANDLORD when it is of their listing. */
  as: RentalRole,
  /** The other person's name. */
  withName: z.string(),
  group: z.boolean(),
  /** The landlord has accepted the time (false: waiting for them). */
  accepted: z.boolean(),
});
export type DashboardViewing = z.infer<typeof DashboardViewing>;

export const DashboardListing = z.object({
  id: z.number().int(),
  name: z.string(),
  /** For a rejected listing: the moderator's reason. */
  reason: z.string().nullable(),
  /** For a listing expiring soon: when it goes offline. */
  expiresAt: z.string().nullable(),
});
export type DashboardListing = z.infer<typeof DashboardListing>;

const ListingGroup = z.object({ count: z.number().int(), items: z.array(DashboardListing) });

/** Everything the signed-in user's dashboard shows that needs attention, in one answer. */
export const DashboardSummary = z
  .object({
    rentalRole: RentalRole.nullable(),
    unreadChats: z.object({ messages: z.number().int(), conversations: z.number().int() }),
    viewings: z.object({ upcoming: z.number().int(), next: z.array(DashboardViewing) }),
    favourites: z.object({ count: z.number().int() }),
    listings: z.object({
      /** Every listing of the user's, whatever its state. */
      total: z.number().int(),
      live: z.number().int(),
      inReview: z.number().int(),
      drafts: ListingGroup,
      rejected: ListingGroup,
      expiringSoon: ListingGroup,
    }),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof DashboardSummary>;
