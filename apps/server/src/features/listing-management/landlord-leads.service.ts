import type { FieldError } from '@kunci/contracts/errors';
import type { LandlordLead } from '@kunci/contracts/listing-management';
import { normalizePhone } from '../../lib/phone.ts';
import type { ListingManagementRepository } from './listing-management.repository.ts';
import { validation } from './owned-listing.ts';

/** Landlords who ask to be called back about listing a home, and the moderators who read them. */
export function createLandlordLeadsService({ leads }: Pick<ListingManagementRepository, 'leads'>) {
  return {
    /** Records a landlord's call-back request (phone normalized, area known). */
    async create(input: { name: string; phoneNo: string; areaSlug: string; type: string; note: string }, language: string, userId: string | null) {
      const phone = normalizePhone(input.phoneNo);
      const areaId = await leads.areaId(input.areaSlug);
      const fields: FieldError[] = [];
      if (!phone) fields.push({ path: 'body.phoneNo', message: 'field.phone' });
      if (areaId === undefined) fields.push({ path: 'body.areaSlug', message: 'field.area' });
      if (fields.length) throw validation(fields);
      return {
        id: await leads.add({ name: input.name, phoneNumber: phone!, areaId: areaId!, type: input.type, note: input.note, language, userId }),
      };
    },

    /** The newest leads first. */
    async newest(limit: number): Promise<LandlordLead[]> {
      return (await leads.newest(limit)).map(({ lead, areaSlug }) => ({
        id: lead.id,
        name: lead.name,
        phoneNumber: lead.phoneNumber,
        areaSlug,
        type: lead.type,
        note: lead.note,
        language: lead.language,
        createdAt: lead.createdAt.toISOString(),
      }));
    },
  };
}
export type LandlordLeadsService = ReturnType<typeof createLandlordLeadsService>;
