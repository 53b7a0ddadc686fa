import Stripe from 'stripe';
import type { PaymentMethod } from '@kunci/contracts/payments';
import { WebhookSignatureError, type GatewayEvent, type PaymentGateway } from './gateway.ts';

/**
 * Stripe Checkout (card and FPX, in MYR), switched on by PAYMENT_GATEWAY=stripe. Webhooks are verified by the
 * official SDK over the raw body; every call that creates something carries an idempotency key, so a retry after
 * a lost answer never makes a second session or refund. `apiUrl` points the SDK elsewhere (a fake in tests).
 */
export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string | undefined;
}

const LOCALES = { en: 'en', ms: 'ms', zh: 'zh' } as const;

export function createStripeGateway(options: StripeOptions): PaymentGateway {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });

  /** How the money came: card or FPX, and the FPX bank. */
  async function paidWith(paymentIntent: string | null): Promise<{ method?: PaymentMethod; bank?: string }> {
    if (!paymentIntent) return {};
    const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['payment_method'] });
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    if (method?.type === 'fpx') return { method: 'fpx', ...(method.fpx?.bank ? { bank: method.fpx.bank } : {}) };
    if (method?.type === 'card') return { method: 'card' };
    return {};
  }

  return {
    name: 'stripe',
    createCheckout: async (request) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Card and FPX only (this API version's name for payment_method_types).
          allowed_payment_method_types: ['card', 'fpx'],
          line_items: [{ quantity: 1, price_data: { currency: 'myr', unit_amount: request.amountSen, product_data: { name: request.description } } }],
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          payment_intent_data: { metadata: { paymentId: request.paymentId } },
          locale: LOCALES[request.language],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout:${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe gave the Checkout Session no URL');
      return { gatewayRef: session.id, url: session.url };
    },

    refund: async ({ refundId, paymentId, gatewayPaymentRef, amountSen }) => {
      if (!gatewayPaymentRef) throw new Error(`payment ${paymentId} has no PaymentIntent to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: gatewayPaymentRef, amount: amountSen, metadata: { refundId, paymentId } },
        { idempotencyKey: `refund:${refundId}` },
      );
      return { gatewayRef: refund.id };
    },

    parseWebhook: async (rawBody, headers) => {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, Array.isArray(signature) ? (signature[0] ?? '') : (signature ?? ''), options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'not a Stripe signature');
      }
      return toGatewayEvent(event, paidWith);
    },
  };
}

async function toGatewayEvent(
  event: Stripe.Event,
  paidWith: (paymentIntent: string | null) => Promise<{ method?: PaymentMethod; bank?: string }>,
): Promise<GatewayEvent> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const paymentId = session.metadata?.['paymentId'] ?? session.client_reference_id;
      if (!paymentId) return { id: event.id, type: 'ignored' };
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      if (event.type === 'checkout.session.expired') return { id: event.id, type: 'payment.expired', paymentId };
      if (event.type === 'checkout.session.async_payment_failed') return { id: event.id, type: 'payment.failed', paymentId };
      // Completed but unpaid: an asynchronous method still on its way; its own event follows.
      if (session.payment_status === 'unpaid') return { id: event.id, type: 'payment.pending', paymentId };
      return { id: event.id, type: 'payment.succeeded', paymentId, ...(await paidWith(intent)), ...(intent ? { gatewayPaymentRef: intent } : {}) };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const refundId = refund.metadata?.['refundId'];
      const paymentId = refund.metadata?.['paymentId'];
      if (!refundId) return { id: event.id, type: 'ignored' };
      if (refund.status === 'succeeded') return { id: event.id, type: 'refund.succeeded', refundId, ...(paymentId ? { paymentId } : {}) };
      if (refund.status === 'failed' || refund.status === 'canceled')
        return { id: event.id, type: 'refund.failed', refundId, ...(paymentId ? { paymentId } : {}) };
      return { id: event.id, type: 'ignored' };
    }
    default:
      return { id: event.id, type: 'ignored' };
  }
}
