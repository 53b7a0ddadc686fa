import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  PriceCheck,
  PriceCheckerAutocomplete,
  PriceCheckerAutocompleteRequest,
  PriceCheckRequest,
  ReviewExpenses,
  ReviewExpensesParams,
} from '@kunci/contracts/growth';
import { requestLanguage } from '../../lib/language.ts';
import type { PriceCheckerService } from './price-checker.service.ts';

const tags = ['growth'];

/** The price checker and a listing's move-in costs: open to anyone (spec section 6). */
export const priceCheckerRoutes: FastifyPluginAsyncZod<{ service: PriceCheckerService }> = async (app, { service }) => {
  app.post(
    '/properties/price-checker/name/autocomplete',
    {
      schema: {
        tags,
        summary: 'Buildings by name for the price checker (2 characters or more), those with most rentals first',
        body: PriceCheckerAutocompleteRequest,
        response: { 200: PriceCheckerAutocomplete, 422: ErrorBody },
      },
    },
    async (request) => service.buildings(request.body.keywords, requestLanguage(request)),
  );

  app.post(
    '/properties/price-checker/check',
    {
      schema: {
        tags,
        summary: 'A recommended rent range for a building, bedrooms and furnishing, from live and past rentals, with their count',
        body: PriceCheckRequest,
        response: { 200: PriceCheck, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.check(request.body, requestLanguage(request)),
  );

  app.get(
    '/properties/review-expenses/:id',
    {
      schema: {
        tags,
        summary: 'What moving into a live listing costs: zero deposit against the usual deposits',
        params: ReviewExpensesParams,
        response: { 200: ReviewExpenses, 404: ErrorBody },
      },
    },
    async (request) => service.reviewExpenses(request.params.id),
  );
};
