import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode, ErrorBody } from '@kunci/contracts/errors';
import { Payment, PaymentParams, Receipt, ReceiptQuery, WebhookAck } from '@kunci/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import { requireSession } from '../../plugins/auth.ts';
import { WebhookSignatureError } from './gateway.ts';
import type { PaymentsService } from './payments.service.ts';
import { receiptPdf } from './receipt-pdf.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['payments'];

const viewerOf = (session: ReturnType<typeof requireSession>) => ({ id: session.user.id, role: session.user.role });

export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService; gateway: 'simulator' | 'stripe' }> = async (
  app,
  { service, gateway },
) => {
  app.get(
    '/payments/:id',
    { schema: { tags, summary: 'A payment (its payer or staff)', params: PaymentParams, response: { 200: Payment, ...errors } } },
    async (request) => service.get(request.params.id, viewerOf(requireSession(request))),
  );

  app.get(
    '/payments/:id/receipt',
    {
      schema: {
        tags,
        summary: "A paid payment's receipt, in the payer's language unless `lang` asks for another (its payer or staff)",
        params: PaymentParams,
        querystring: ReceiptQuery,
        response: { 200: Receipt, ...errors },
      },
    },
    async (request) => service.receipt(request.params.id, viewerOf(requireSession(request)), request.query.lang),
  );

  app.get(
    '/payments/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: 'The receipt as a PDF (its payer or staff)',
        params: PaymentParams,
        querystring: ReceiptQuery,
        produces: ['application/pdf'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const receipt = await service.receipt(request.params.id, viewerOf(requireSession(request)), request.query.lang);
      const pdf = await receiptPdf(receipt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${receipt.receiptNumber}.pdf"`)
        .send(pdf as never);
    },
  );

  // Webhooks: anyone may call, only a genuine signature over the exact bytes sent counts, so the body stays raw.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    webhooks.post(
      `/payments/webhooks/${gateway}`,
      {
        schema: {
          tags,
          summary: `The ${gateway} gateway's webhook: signature-checked; an event delivered again has no second effect`,
          response: { 200: WebhookAck, ...errors },
        },
        config: { rawBody: true },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const { duplicate } = await service.webhook(body, request.headers);
          return { received: true as const, duplicate };
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new AppError(ErrorCode.BAD_REQUEST, { reason: error.message });
          throw error;
        }
      },
    );
  });
};
