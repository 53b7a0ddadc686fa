import { ErrorCode } from '@kunci/contracts/errors';
import type { CheckedPromotionInput, ManagedPromotion, Promotion, PromotionKind } from '@kunci/contracts/growth';
import type { Language } from '@kunci/i18n/locales';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toCard } from '../../lib/listing-card.ts';
import type { PromotionRow, PromotionsRepository, Staff } from './promotions.repository.ts';

const inLanguage = (row: PromotionRow, field: 'title' | 'description', lang: Language) =>
  row[`${field}${lang === 'en' ? 'En' : lang === 'ms' ? 'Ms' : 'Zh'}`];

/** Hot deals and partner campaigns: the running ones for everyone, all of them for staff to manage. */
export function createPromotionsService(repository: PromotionsRepository, clock: () => Date = () => new Date()) {
  function managed(row: PromotionRow, listingIds: number[]): ManagedPromotion {
    const now = clock().getTime();
    return {
      id: row.id,
      kind: row.kind,
      partnerName: row.partnerName,
      title: { en: row.titleEn, ms: row.titleMs, zh: row.titleZh },
      description: { en: row.descriptionEn, ms: row.descriptionMs, zh: row.descriptionZh },
      linkUrl: row.linkUrl,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      listingIds,
      state: row.startsAt.getTime() > now ? 'UPCOMING' : row.endsAt.getTime() <= now ? 'ENDED' : 'RUNNING',
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function idsByPromotion(ids: number[]) {
    const byPromotion = new Map<number, number[]>();
    for (const r of await repository.listingIds(ids)) byPromotion.set(r.promotionId, [...(byPromotion.get(r.promotionId) ?? []), r.propertyId]);
    return byPromotion;
  }

  return {
    /** What runs now of one kind, with the live listings it covers. */
    async running(kind: PromotionKind, lang: Language): Promise<{ content: Promotion[] }> {
      const rows = await repository.running(kind);
      const cards = await repository.liveCards(rows.map((r) => r.id));
      return {
        content: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          partnerName: row.partnerName,
          title: inLanguage(row, 'title', lang),
          description: inLanguage(row, 'description', lang),
          linkUrl: row.linkUrl,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          listings: cards.filter((c) => c.promotionId === row.id).map(toCard),
        })),
      };
    },

    async all(): Promise<{ content: ManagedPromotion[] }> {
      const rows = await repository.all();
      const ids = await idsByPromotion(rows.map((r) => r.id));
      return { content: rows.map((row) => managed(row, ids.get(row.id) ?? [])) };
    },

    /** Creates (no id) or replaces a promotion; every listing must exist. */
    async save(id: number | undefined, input: CheckedPromotionInput, staff: Staff): Promise<ManagedPromotion> {
      const listingIds = [...new Set(input.listingIds)];
      const known = new Set(await repository.existingListings(listingIds));
      const unknown = listingIds.filter((l) => !known.has(l));
      if (unknown.length) throw new AppError(ErrorCode.VALIDATION, { unknown }, [{ path: 'body.listingIds', message: 'growth.field.listingIds' }]);
      const row = await repository.save(
        id,
        {
          kind: input.kind,
          partnerName: input.partnerName,
          titleEn: input.title.en,
          titleMs: input.title.ms,
          titleZh: input.title.zh,
          descriptionEn: input.description.en,
          descriptionMs: input.description.ms,
          descriptionZh: input.description.zh,
          linkUrl: input.linkUrl,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          createdBy: staff.id,
        },
        listingIds,
        staff,
      );
      if (!row) throw notFound({ promotionId: id });
      return managed(
        row,
        listingIds.sort((a, b) => a - b),
      );
    },

    async remove(id: number, staff: Staff): Promise<void> {
      if (!(await repository.remove(id, staff))) throw notFound({ promotionId: id });
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
