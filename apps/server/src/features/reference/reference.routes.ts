import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AreaList, CountryList, PostcodeLookup, PostcodeParams, PropertyTypeList } from '@kunci/contracts/reference';
import type { ReferenceService } from './reference.service.ts';

export const referenceRoutes: FastifyPluginAsyncZod<{ service: ReferenceService }> = async (app, { service }) => {
  const cached = { 'cache-control': 'public, max-age=3600' };
  app.get('/areas', { schema: { tags: ['reference'], summary: 'The Klang Valley areas', response: { 200: AreaList } } }, async (_req, reply) =>
    reply.headers(cached).send(await service.areas()),
  );
  app.get(
    '/property-types',
    { schema: { tags: ['reference'], summary: 'Property types with names in en, ms and zh', response: { 200: PropertyTypeList } } },
    async (_req, reply) => reply.headers(cached).send(await service.propertyTypes()),
  );
  app.get(
    '/countries',
    { schema: { tags: ['reference'], summary: 'Country calling codes and number lengths', response: { 200: CountryList } } },
    async (_req, reply) => reply.headers(cached).send(await service.countries()),
  );
  app.get(
    '/postcodes/:postcode',
    {
      schema: {
        tags: ['reference'],
        summary: 'City and state of a postcode; unknown postcodes fall back to Kuala Lumpur (fallback: true)',
        params: PostcodeParams,
        response: { 200: PostcodeLookup },
      },
    },
    async (request, reply) => reply.headers(cached).send(await service.lookupPostcode(request.params.postcode)),
  );
};
