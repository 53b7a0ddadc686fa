import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for Stripe's API on loopback, for the Stripe adapter's tests: it answers what the adapter
 * calls (create and retrieve a Checkout Session, create and list refunds), keeps what it made, and records every
 * request (method, path, form fields, idempotency key) so a test can check what was sent. The official SDK talks
 * to it through its host/port/protocol settings (STRIPE_API_URL). Like Stripe, a request repeated with the same
 * idempotency key gets the first answer again.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Form fields as sent, flat (`line_items[0][price_data][currency]`). */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type PaidBy = { type: 'card'; last4: string } | { type: 'fpx'; bank: string };

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  paidBy?: PaidBy;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: 'myr';
  charge: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function form(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  refunds: Map<string, FakeRefund>;
  /** The payer paid on the hosted page: the session gets its PaymentIntent (and charge), as Stripe would. */
  pay(sessionId: string, paidBy: PaidBy): { paymentIntent: string; charge: string };
  chargeOf(paymentIntent: string): string;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const refunds = new Map<string, FakeRefund>();
  const charges = new Map<string, string>(); // payment intent -> charge
  const answered = new Map<string, { status: number; body: unknown }>(); // idempotency key -> first answer

  const intentOf = (session: FakeSession, expand: string[]) => {
    if (!session.payment_intent) return null;
    if (!expand.some((path) => path.startsWith('payment_intent'))) return session.payment_intent;
    const paidBy = session.paidBy;
    const method = !expand.includes('payment_intent.payment_method')
      ? `pm_for_${session.payment_intent}`
      : paidBy?.type === 'card'
        ? { id: `pm_${session.id}`, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: paidBy.last4 } }
        : { id: `pm_${session.id}`, object: 'payment_method', type: 'fpx', fpx: { bank: paidBy?.type === 'fpx' ? paidBy.bank : null } };
    return {
      id: session.payment_intent,
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      metadata: session.metadata,
      payment_method: method,
      latest_charge: charges.get(session.payment_intent) ?? null,
    };
  };

  const route = (request: RecordedRequest): { status: number; body: unknown } => {
    const { method, path, form: fields } = request;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session: FakeSession = {
        id: id('cs'),
        object: 'checkout.session',
        url: '',
        mode: fields['mode'] ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: fields['client_reference_id'] ?? null,
        metadata: { paymentId: fields['metadata[paymentId]'] ?? '' },
        amount_total: Number(fields['line_items[0][price_data][unit_amount]'] ?? 0),
        currency: fields['line_items[0][price_data][currency]'] ?? 'myr',
        payment_intent: null,
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      if (!session) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } } };
      const expand = [...request.query.entries()].filter(([key]) => key.startsWith('expand')).map(([, value]) => value);
      const { paidBy: _paidBy, ...visible } = session;
      return { status: 200, body: { ...visible, payment_intent: intentOf(session, expand) } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = fields['payment_intent'] ?? '';
      const charge = charges.get(paymentIntent);
      if (!charge) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        amount: Number(fields['amount']),
        currency: 'myr',
        charge,
        payment_intent: paymentIntent,
        status: 'pending',
        metadata: Object.fromEntries(
          Object.entries(fields)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice(9, -1), value]),
        ),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const charge = request.query.get('charge');
      const data = [...refunds.values()].filter((refund) => !charge || refund.charge === charge);
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  };

  const server: Server = createServer((incoming, response) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://fake-stripe');
      const body = await read(incoming);
      const header = (name: string) => {
        const value = incoming.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        form: form(body),
        idempotencyKey: header('idempotency-key'),
        authorization: header('authorization'),
      };
      requests.push(request);
      const key = request.idempotencyKey && request.method === 'POST' ? `${request.path} ${request.idempotencyKey}` : undefined;
      const answer = (key && answered.get(key)) || route(request);
      if (key && !answered.has(key)) answered.set(key, answer);
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    pay: (sessionId, paidBy) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paymentIntent = id('pi');
      const charge = id('ch');
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, paidBy });
      charges.set(paymentIntent, charge);
      return { paymentIntent, charge };
    },
    chargeOf: (paymentIntent) => charges.get(paymentIntent) ?? '',
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
