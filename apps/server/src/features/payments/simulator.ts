import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createRandom } from '@kunci/db/demo/random';
import { SimulatorEvent, type FpxBankCode, type PaymentMethod, type SimulatorEventType } from '@kunci/contracts/payments';
import { defineJob, type JobQueue } from '../../lib/jobs/jobs.service.ts';
import { WebhookSignatureError, type GatewayEvent, type PaymentGateway } from './gateway.ts';

/**
 * The built-in payment gateway (the default): a hosted pay page on our own origin (`/pay/sim/<token>`) where the
 * payer picks card or FPX and pays, is declined or cancels; the outcome comes back as signed webhooks delivered
 * by the job queue with retries. Like real gateways it sometimes delivers an event twice or out of order
 * (`chaos`), so the webhook handler is exercised the way Stripe would exercise it.
 */

export const SIGNATURE_HEADER = 'kunci-signature';
/** A signature older (or newer) than this is refused: a captured webhook cannot be replayed later. */
const TOLERANCE_SECONDS = 300;
/** How long a pay link works. */
const TOKEN_TTL_SECONDS = 24 * 3600;

export const simulatorWebhookJob = defineJob<{ event: SimulatorEvent }>('payments.simulator-webhook', { maxAttempts: 8 });

/** The key the simulator signs with: its own setting, or one derived from the auth secret. */
export function simulatorSecret(configured: string | undefined, authSecret: string): string {
  return configured ?? createHmac('sha256', authSecret).update('kunci payments simulator').digest('base64url');
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest();

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe signs. */
export function signWebhook(secret: string, body: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  return `t=${nowSeconds},v1=${hmac(secret, `${nowSeconds}.${body}`).toString('hex')}`;
}

export function verifyWebhook(secret: string, body: string, header: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): void {
  if (!header) throw new WebhookSignatureError('no signature');
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS)
    throw new WebhookSignatureError('stale or missing timestamp');
  const expected = hmac(secret, `${timestamp}.${body}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError('signature does not match');
}

/** A pay link's token: the payment id and expiry, signed (short: a path segment stays under 100 characters). */
export function signPayToken(secret: string, paymentId: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const body = `${paymentId.replaceAll('-', '')}${(nowSeconds + TOKEN_TTL_SECONDS).toString(36)}`;
  return `${body}.${hmac(secret, `pay.${body}`).subarray(0, 16).toString('base64url')}`;
}

/** The payment a pay link names, or null when it is forged, malformed or expired. */
export function readPayToken(secret: string, token: string, nowSeconds = Math.floor(Date.now() / 1000)): string | null {
  const match = /^([0-9a-f]{32})([0-9a-z]{1,10})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const [, hex, expiry, signature] = match as unknown as [string, string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = hmac(secret, `pay.${hex}${expiry}`).subarray(0, 16);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (parseInt(expiry, 36) <= nowSeconds) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the payer did on the pay page. */
export type PayerOutcome =
  | { kind: 'paid'; method: PaymentMethod; bank?: FpxBankCode; cardLast4?: string }
  | { kind: 'declined'; method: PaymentMethod; bank?: FpxBankCode; cardLast4?: string }
  | { kind: 'abandoned' };

/**
 * The events one outcome produces, in delivery order. With probability `chaos` each, the final event is sent a
 * second time, and the `payment.pending` of an FPX payment arrives after its final event instead of before.
 */
export function planEvents(paymentId: string, outcome: PayerOutcome, chaos: number, random: () => number): SimulatorEvent[] {
  const created = Math.floor(Date.now() / 1000);
  const event = (type: SimulatorEventType, extra: Partial<SimulatorEvent['data']> = {}): SimulatorEvent => ({
    id: `evt_sim_${randomUUID()}`,
    type,
    created,
    data: { paymentId, ...extra },
  });
  if (outcome.kind === 'abandoned') return [event('payment.expired')];
  const details = {
    method: outcome.method,
    ...(outcome.bank ? { bank: outcome.bank } : {}),
    ...(outcome.cardLast4 ? { cardLast4: outcome.cardLast4 } : {}),
  };
  const final = event(outcome.kind === 'paid' ? 'payment.succeeded' : 'payment.failed', details);
  const events = outcome.method === 'fpx' ? [event('payment.pending', details), final] : [final];
  if (random() < chaos && events.length === 2) events.reverse();
  if (random() < chaos) events.push(final);
  return events;
}

export interface SimulatorOptions {
  secret: string;
  publicUrl: string;
  jobs: JobQueue;
  chaos: number;
  seed?: number | undefined;
}

export interface SimulatorGateway extends PaymentGateway {
  readonly name: 'simulator';
  /** The payer's choice on the pay page: schedules the webhooks that tell us. */
  payerChose(paymentId: string, outcome: PayerOutcome): Promise<void>;
  readPayToken(token: string): string | null;
}

export function createSimulatorGateway(options: SimulatorOptions): SimulatorGateway {
  const random = options.seed === undefined ? Math.random : createRandom(options.seed);
  const schedule = async (events: SimulatorEvent[]) => {
    // Same run time, so the queue takes them in this order (by id); each copy is its own job with its own retries.
    for (const event of events) await options.jobs.enqueue(simulatorWebhookJob, { event });
  };

  return {
    name: 'simulator',
    createCheckout: async (request) => ({
      gatewayRef: `sim_${request.paymentId}`,
      url: `${options.publicUrl}/pay/sim/${signPayToken(options.secret, request.paymentId)}`,
    }),
    refund: async ({ refundId, paymentId, amountSen }) => {
      const event: SimulatorEvent = {
        id: `evt_sim_${randomUUID()}`,
        type: 'refund.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { paymentId, refundId, amountSen },
      };
      await schedule(random() < options.chaos ? [event, event] : [event]);
      return { gatewayRef: `simre_${refundId}` };
    },
    parseWebhook: async (rawBody, headers) => {
      const header = headers[SIGNATURE_HEADER];
      const text = rawBody.toString('utf8');
      verifyWebhook(options.secret, text, Array.isArray(header) ? header[0] : header);
      let parsed: SimulatorEvent;
      try {
        parsed = SimulatorEvent.parse(JSON.parse(text));
      } catch {
        throw new WebhookSignatureError('signed, but not an event');
      }
      return toGatewayEvent(parsed);
    },
    payerChose: (paymentId, outcome) => schedule(planEvents(paymentId, outcome, options.chaos, random)),
    readPayToken: (token) => readPayToken(options.secret, token),
  };
}

function toGatewayEvent(event: SimulatorEvent): GatewayEvent {
  const { paymentId, method, bank, cardLast4, refundId } = event.data;
  const details = { ...(method ? { method } : {}), ...(bank ? { bank } : {}), ...(cardLast4 ? { cardLast4 } : {}) };
  switch (event.type) {
    case 'payment.succeeded':
      return { id: event.id, type: event.type, paymentId, ...details, gatewayPaymentRef: `simpay_${paymentId}` };
    case 'payment.pending':
    case 'payment.failed':
    case 'payment.expired':
      return { id: event.id, type: event.type, paymentId, ...details };
    case 'refund.succeeded':
      return refundId ? { id: event.id, type: 'refund.succeeded', refundIds: [refundId], paymentId } : { id: event.id, type: 'ignored', paymentId };
  }
}

/**
 * Delivers the simulator's webhooks: signs each at sending time and hands it to our own webhook endpoint; an
 * answer other than 2xx throws, so the queue retries with backoff.
 */
export function registerSimulatorDeliveries(jobs: JobQueue, secret: string, deliver: (body: string, signature: string) => Promise<number>): void {
  jobs.handle(simulatorWebhookJob, async ({ event }) => {
    const body = JSON.stringify(event);
    const status = await deliver(body, signWebhook(secret, body));
    if (status < 200 || status > 299) throw new Error(`webhook ${event.type} answered ${status}`);
  });
}
