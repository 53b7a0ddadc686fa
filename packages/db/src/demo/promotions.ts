import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { DAY_MS } from '@kunci/contracts/constants';
import type { Database } from '../client.ts';
import { areas, promotionListings, promotions, properties } from '../schema.ts';

/** Demo hot deals and partner campaigns, original copy in the three languages. */
const DEMO_PROMOTIONS = [
  {
    seedKey: 'promo:first-month-kl',
    kind: 'HOT_DEAL' as const,
    partnerName: null,
    titleEn: 'Half the first month’s rent in Mont Kiara and Bangsar',
    titleMs: 'Separuh sewa bulan pertama di Mont Kiara dan Bangsar',
    titleZh: '满家乐和孟沙：首月租金减半',
    descriptionEn:
      'Sign a 12-month tenancy for one of these homes through Kunci before the deal ends and the landlord takes 50% off your first month. No deposit, as always.',
    descriptionMs:
      'Tandatangani perjanjian sewa 12 bulan untuk salah satu rumah ini melalui Kunci sebelum tawaran tamat dan tuan rumah memberi potongan 50% bagi bulan pertama anda. Tanpa deposit, seperti biasa.',
    descriptionZh: '在优惠结束前通过 Kunci 签下其中一间房屋的12个月租约，房东将为您的首月租金减免50%。一如既往，无需押金。',
    linkUrl: null,
    areas: ['mont-kiara', 'bangsar'],
    listings: 6,
  },
  {
    seedKey: 'promo:move-in-ready-pj',
    kind: 'HOT_DEAL' as const,
    partnerName: null,
    titleEn: 'Move in this month in Petaling Jaya: free aircon service',
    titleMs: 'Pindah masuk bulan ini di Petaling Jaya: servis penghawa dingin percuma',
    titleZh: '本月入住八打灵再也：免费冷气保养',
    descriptionEn:
      'These landlords have their homes ready now. Start your tenancy before the deal ends and every aircon unit is serviced free before you move in.',
    descriptionMs:
      'Tuan rumah ini sudah menyediakan rumah mereka. Mulakan penyewaan sebelum tawaran tamat dan setiap unit penghawa dingin diservis percuma sebelum anda masuk.',
    descriptionZh: '这些房东的房屋已可随时入住。在优惠结束前开始租约，入住前所有冷气机都会免费保养。',
    linkUrl: null,
    areas: ['petaling-jaya'],
    listings: 4,
  },
  {
    seedKey: 'promo:movers-partner',
    kind: 'CAMPAIGN' as const,
    partnerName: 'Lorry Pindah Rumah KV',
    titleEn: 'RM80 off your house move in the Klang Valley',
    titleMs: 'Potongan RM80 untuk pindah rumah di Lembah Klang',
    titleZh: '巴生谷搬家立减 RM80',
    descriptionEn:
      'Moving into a home you found on Kunci? Our moving partner takes RM80 off a lorry with two movers anywhere in the Klang Valley. Quote your Kunci deal number when you book.',
    descriptionMs:
      'Berpindah ke rumah yang anda temui di Kunci? Rakan kongsi pindah rumah kami memberi potongan RM80 bagi lori dengan dua pekerja di mana-mana di Lembah Klang. Nyatakan nombor urusan Kunci anda semasa menempah.',
    descriptionZh: '搬进在 Kunci 找到的房屋？我们的搬家伙伴为巴生谷任何地点的一辆罗里加两名搬运工立减 RM80。预订时请提供您的 Kunci 交易编号。',
    linkUrl: 'https://example.com/kunci-movers',
    areas: [],
    listings: 0,
  },
  {
    seedKey: 'promo:furniture-partner',
    kind: 'CAMPAIGN' as const,
    partnerName: 'Rumah Perabot',
    titleEn: '15% off furniture for unfurnished homes in Cheras',
    titleMs: 'Potongan 15% perabot untuk rumah tanpa perabot di Cheras',
    titleZh: '蕉赖无家具的房屋：家具八五折',
    descriptionEn:
      'Renting one of these unfurnished homes? Our furniture partner gives 15% off beds, sofas and wardrobes, delivered and assembled for free.',
    descriptionMs:
      'Menyewa salah satu rumah tanpa perabot ini? Rakan kongsi perabot kami memberi potongan 15% untuk katil, sofa dan almari, dihantar dan dipasang percuma.',
    descriptionZh: '租下其中一间无家具的房屋？我们的家具伙伴为床、沙发和衣柜提供八五折优惠，并免费送货和安装。',
    linkUrl: 'https://example.com/kunci-furniture',
    areas: ['cheras'],
    listings: 4,
  },
];

/**
 * Seeds the demo promotions once (each has a seed key): running from two days ago for 60 days, over the newest live
 * rentals of their areas. A repeated run adds nothing.
 */
export async function seedDemoPromotions(db: Database, now = new Date()): Promise<{ created: number }> {
  let created = 0;
  for (const { areas: areaSlugs, listings, ...promotion } of DEMO_PROMOTIONS) {
    const [row] = await db
      .insert(promotions)
      .values({ ...promotion, startsAt: new Date(now.getTime() - 2 * DAY_MS), endsAt: new Date(now.getTime() + 60 * DAY_MS) })
      .onConflictDoNothing({ target: promotions.seedKey })
      .returning({ id: promotions.id });
    if (!row) continue;
    created++;
    if (!listings) continue;
    const homes = await db
      .select({ id: properties.id })
      .from(properties)
      .innerJoin(areas, eq(areas.id, properties.areaId))
      .where(
        and(
          inArray(areas.slug, areaSlugs),
          inArray(properties.type, ['HIGHRISE', 'LANDED']),
          eq(properties.status, 'ACTIVE'),
          eq(properties.active, true),
          eq(properties.reviewStatus, 'APPROVED'),
          sql`${properties.expiresAt} > now()`,
          like(properties.seedKey, 'demo:%'),
          promotion.seedKey === 'promo:furniture-partner' ? eq(properties.furnishType, 'NONE') : undefined,
        ),
      )
      .orderBy(desc(properties.dateCreated))
      .limit(listings);
    if (homes.length)
      await db
        .insert(promotionListings)
        .values(homes.map((h) => ({ promotionId: row.id, propertyId: h.id })))
        .onConflictDoNothing();
  }
  return { created };
}
