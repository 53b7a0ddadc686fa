import { DASHBOARD, type DashboardListing, type DashboardSummary } from '@kunci/contracts/dashboard';
import type { DashboardRepository } from './dashboard.repository.ts';

type ListingRow = { id: number; name: string; reason: string | null; expiresAt: Date };

export function createDashboardService(repository: DashboardRepository) {
  const listing = (row: ListingRow, kind: 'drafts' | 'rejected' | 'expiringSoon'): DashboardListing => ({
    id: row.id,
    name: row.name,
    reason: kind === 'rejected' ? row.reason : null,
    expiresAt: kind === 'expiringSoon' ? row.expiresAt.toISOString() : null,
  });

  return {
    /** What needs the user's attention. The parts are independent reads, so they run side by side. */
    async summary(userId: string): Promise<DashboardSummary> {
      const { listingsPerKind, expiringWithinDays } = DASHBOARD;
      const needing = (kind: 'drafts' | 'rejected' | 'expiringSoon') =>
        repository.listingsNeedingAction(userId, kind, listingsPerKind, expiringWithinDays).then((rows) => rows.map((row) => listing(row, kind)));
      const [rentalRole, unread, viewings, favourites, counts, drafts, rejected, expiringSoon] = await Promise.all([
        repository.rentalRole(userId),
        repository.unread(userId),
        repository.upcomingViewings(userId, DASHBOARD.viewings),
        repository.favouriteCount(userId),
        repository.listingCounts(userId, expiringWithinDays),
        needing('drafts'),
        needing('rejected'),
        needing('expiringSoon'),
      ]);
      return {
        rentalRole,
        unreadChats: unread,
        viewings: {
          upcoming: viewings.total,
          next: viewings.rows.map((row) => {
            const asTenant = row.tenantId === userId;
            return {
              id: row.id,
              conversationId: row.conversationId,
              propertyId: row.propertyId,
              propertyName: row.propertyName,
              startsAt: row.startsAt.toISOString(),
              as: asTenant ? 'TENANT' : 'LANDLORD',
              withName: asTenant ? row.landlordName : row.tenantName,
              group: row.group,
              accepted: row.acceptedAt !== null,
            };
          }),
        },
        favourites: { count: favourites },
        listings: {
          total: counts.total,
          live: counts.live,
          inReview: counts.inReview,
          drafts: { count: counts.drafts, items: drafts },
          rejected: { count: counts.rejected, items: rejected },
          expiringSoon: { count: counts.expiringSoon, items: expiringSoon },
        },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
