import type { ContentLanguage, HomeLeadInput, HomeLeads, HomeProject, HomeProjectDetail } from '@kunci/contracts/content';
import { ErrorCode } from '@kunci/contracts/errors';
import { translatorFor } from '@kunci/i18n/messages';
import { AppError } from '../../lib/app-error.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { brochurePdf } from './brochure-pdf.ts';
import type { HomeOwnershipRepository, HomeProjectRow } from './home-ownership.repository.ts';

function project(row: HomeProjectRow, language: ContentLanguage): HomeProject {
  return {
    id: row.id,
    name: row.name,
    developer: row.developer,
    areaSlug: row.areaSlug,
    propertyKind: row.propertyKind,
    tenure: row.tenure,
    priceMin: Math.round(row.priceMinSen / 100),
    priceMax: Math.round(row.priceMaxSen / 100),
    bedroomsMin: row.bedroomsMin,
    bedroomsMax: row.bedroomsMax,
    sizeMinSqft: row.sizeMinSqft,
    sizeMaxSqft: row.sizeMaxSqft,
    units: row.units,
    completionYear: row.completionYear,
    summary: row.summary[language],
    gallery: row.galleryKeys.map(mediaSrc),
    brochureUrl: `/api/home-ownership/projects/${row.id}/brochure.pdf?language=${language}`,
  };
}

/** Home ownership: new projects for sale, their brochures, and the visitors who ask to be called about one. */
export function createHomeOwnershipService(repository: HomeOwnershipRepository) {
  async function published(id: number) {
    const row = await repository.byId(id);
    if (!row || row.status !== 'PUBLISHED') throw new AppError(ErrorCode.NOT_FOUND, { projectId: id });
    return row;
  }
  return {
    list: async (language: ContentLanguage) => ({ content: (await repository.published()).map((row) => project(row, language)) }),

    async get(id: number, language: ContentLanguage): Promise<HomeProjectDetail> {
      const row = await published(id);
      return { ...project(row, language), body: row.body[language] };
    },

    async brochure(id: number, language: ContentLanguage): Promise<{ name: string; pdf: Buffer }> {
      const row = await published(id);
      return { name: row.key ?? `project-${row.id}`, pdf: await brochurePdf({ ...project(row, language), body: row.body[language] }, language) };
    },

    /** Stores the visitor's request to be called; the answer tells them what happens next, in their language. */
    async lead(id: number, input: HomeLeadInput & { email: string; message: string }, language: ContentLanguage, userId: string | undefined) {
      const row = await published(id);
      const phone = normalizePhone(input.phoneNo);
      if (!phone) throw new AppError(ErrorCode.VALIDATION, { projectId: id }, [{ path: 'body.phoneNo', message: 'field.phone' }]);
      const { id: leadId } = await repository.addLead({
        projectId: row.id,
        name: input.name,
        phoneNumber: phone,
        email: input.email || null,
        message: input.message,
        language,
        userId: userId ?? null,
      });
      return { id: leadId, message: translatorFor(language)('content.homes.received', { project: row.name }) };
    },

    async leads(): Promise<HomeLeads> {
      return {
        content: (await repository.leads()).map(({ lead, projectName }) => ({
          id: lead.id,
          projectId: lead.projectId,
          projectName,
          name: lead.name,
          phoneNumber: lead.phoneNumber,
          email: lead.email,
          message: lead.message,
          language: lead.language,
          createdAt: lead.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type HomeOwnershipService = ReturnType<typeof createHomeOwnershipService>;
