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
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });

  /** How a completed Checkout Session was paid: card (and its last four digits) or FPX and the bank. */
  async function paidWith(sessionId: string): Promise<PaidWith> {
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method'] });
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const method = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
    return { ...describeMethod(method), ...(intent ? { gatewayPaymentRef: intent.id } : {}) };
  }

  /** Our refunds among a charge's that went through: `charge.refunded` names the charge, not the refund. */
  async function refundsOf(charge: Stripe.Charge): Promise<string[]> {
    const refunds = charge.refunds?.data ?? (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data;
    return refunds.filter((refund) => refund.status === 'succeeded' && refund.metadata?.['refundId']).map((refund) => refund.metadata!['refundId']!);
  }

  return {
    name: 'stripe',
    createCheckout: async (request) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Card and FPX only. This API version names it allowed_payment_method_types (payment_method_types was
          // removed from Checkout Session creation); FPX takes MYR only, which is all we charge in.
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
      return toGatewayEvent(event, { paidWith, refundsOf });
    },
  };
}

type PaidWith = { method?: PaymentMethod; bank?: string; cardLast4?: string; gatewayPaymentRef?: string };

function describeMethod(method: Stripe.PaymentMethod | null | undefined): Pick<PaidWith, 'method' | 'bank' | 'cardLast4'> {
  if (method?.type === 'fpx') return { method: 'fpx', ...(method.fpx?.bank ? { bank: method.fpx.bank } : {}) };
  if (method?.type === 'card') return { method: 'card', ...(method.card?.last4 ? { cardLast4: method.card.last4 } : {}) };
  return {};
}

/**
 * Stripe's events as ours. The webhook endpoint should send: checkout.session.completed,
 * checkout.session.async_payment_succeeded / _failed, checkout.session.expired, payment_intent.payment_failed,
 * charge.refunded, refund.updated and refund.failed; others are acknowledged and ignored.
 */
async function toGatewayEvent(
  event: Stripe.Event,
  lookups: { paidWith: (sessionId: string) => Promise<PaidWith>; refundsOf: (charge: Stripe.Charge) => Promise<string[]> },
): Promise<GatewayEvent> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const paymentId = session.metadata?.['paymentId'] ?? session.client_reference_id;
      if (!paymentId) return { id: event.id, type: 'ignored' };
      if (event.type === 'checkout.session.expired') return { id: event.id, type: 'payment.expired', paymentId };
      if (event.type === 'checkout.session.async_payment_failed') return { id: event.id, type: 'payment.failed', paymentId };
      // Completed but unpaid: an asynchronous method still on its way; its own event follows.
      if (session.payment_status === 'unpaid') return { id: event.id, type: 'payment.pending', paymentId };
      return { id: event.id, type: 'payment.succeeded', paymentId, ...(await lookups.paidWith(session.id)) };
    }
    case 'payment_intent.payment_failed': {
      // An attempt was refused (a declined card, a bank that said no). The Checkout page stays open, so the
      // payer may still pay: a later success still turns the payment SUCCEEDED.
      const intent = event.data.object;
      const paymentId = intent.metadata?.['paymentId'];
      if (!paymentId) return { id: event.id, type: 'ignored' };
      return { id: event.id, type: 'payment.failed', paymentId, ...describeMethod(intent.last_payment_error?.payment_method) };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = charge.metadata?.['paymentId'];
      const refundIds = await lookups.refundsOf(charge);
      if (!refundIds.length) return { id: event.id, type: 'ignored', ...(paymentId ? { paymentId } : {}) };
      return { id: event.id, type: 'refund.succeeded', refundIds, ...(paymentId ? { paymentId } : {}) };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const refundId = refund.metadata?.['refundId'];
      const paymentId = refund.metadata?.['paymentId'];
      if (!refundId) return { id: event.id, type: 'ignored' };
      if (refund.status === 'succeeded')
        return { id: event.id, type: 'refund.succeeded', refundIds: [refundId], ...(paymentId ? { paymentId } : {}) };
      if (refund.status === 'failed' || refund.status === 'canceled')
        return { id: event.id, type: 'refund.failed', refundIds: [refundId], ...(paymentId ? { paymentId } : {}) };
      return { id: event.id, type: 'ignored' };
    }
    default:
      return { id: event.id, type: 'ignored' };
  }
}
