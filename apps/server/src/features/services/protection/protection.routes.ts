import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { Quote, QuoteBody, protectionQuote } from '@kunci/contracts/protection';

const tags = ['landlord protection'];

/** Landlord protection's quote: open to anyone, from the business settings alone. */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/services/protection/quote',
    {
      schema: {
        tags,
        summary: 'Standard, Protect and Protect Plus priced from the monthly rent: months of rent, SST and stamp duty, split over the first invoices',
        body: QuoteBody,
        response: { 200: Quote, 422: ErrorBody },
      },
    },
    async (request) => protectionQuote(request.body.monthlyRent, request.body.room),
  );
};
