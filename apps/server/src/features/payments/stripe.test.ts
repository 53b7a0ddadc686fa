import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { bearer, createTestApp, freshPhone, type TestApp } from '../../../test/support.ts';

/**
 * The Stripe adapter with the official SDK, against a fake Stripe API on loopback: what Checkout is asked for,
 * webhooks signed as Stripe signs them (each applied once however often it comes), and refunds.
 */
const WEBHOOK_SECRET = 'whsec_test_kunci_fake';
let t: TestApp;
let fake: FakeStripe;
let payer: { id: string; token: string };
const signer = new Stripe('sk_test_signer_only');

const rows = async (query: string, params: unknown[] = []) => ((await t.database.raw(query, params)) as { rows: Record<string, unknown>[] }).rows;
const ledger = (paymentId: string) =>
  rows(`select kind, account, amount_sen::int as amount from ledger_entries where payment_id = $1 order by id`, [paymentId]);
const payment = async (id: string) => (await t.app.inject({ url: `/api/payments/${id}`, headers: bearer(payer.token) })).json();

let eventCount = 0;
function stripeEvent(type: string, object: object) {
  return {
    id: `evt_test_${++eventCount}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

async function newPayment(amountSen: number, language: 'en' | 'ms' | 'zh' = 'ms') {
  return t.app.payments.createPayment({
    purpose: 'TEST',
    referenceId: `ref-${Math.random().toString(36).slice(2)}`,
    payerId: payer.id,
    amountSen,
    description: 'Yuran tempahan',
    language,
    returnPath: '/ms/dashboard',
  });
}

const sessionOf = (paymentId: string) => [...fake.sessions.values()].find((session) => session.metadata['paymentId'] === paymentId)!;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_kunci_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  });
  const [row] = await t.database.db.insert(users).values({ phoneNumber: freshPhone(), name: 'Nur Aisyah', role: 'user', language: 'MS' }).returning();
  payer = { id: row!.id, token: await createSessionsRepository(t.database.db).create(row!.id, 'pin', 'stripe-test', 1) };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the Stripe gateway', () => {
  it('opens a Checkout Session in MYR sen for card and FPX, with the payment id, once per payment', async () => {
    const { paymentId, paymentUrl } = await newPayment(150_050);
    const created = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    const [request] = created;
    expect(request!.authorization).toBe('Bearer sk_test_kunci_fake');
    expect(request!.idempotencyKey).toBe(`checkout:${paymentId}`);
    expect(request!.form).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'fpx',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'myr',
      'line_items[0][price_data][unit_amount]': '150050',
      'line_items[0][price_data][product_data][name]': 'Yuran tempahan',
      'metadata[paymentId]': paymentId,
      'payment_intent_data[metadata][paymentId]': paymentId,
      client_reference_id: paymentId,
      locale: 'ms',
      success_url: expect.stringMatching(/\/ms\/dashboard$/),
    });
    expect(request!.form).not.toHaveProperty('payment_method_types[0]');
    expect(paymentUrl).toBe(sessionOf(paymentId).url);
    expect(await payment(paymentId)).toMatchObject({ status: 'PENDING', paymentUrl });
    // Stripe's page, not ours: the simulator's pay page is not served.
    expect((await t.app.inject({ url: '/pay/sim/anything-at-all' })).statusCode).toBe(404);
  });

  it('applies checkout.session.completed once however often it comes, with the card from Stripe', async () => {
    const { paymentId } = await newPayment(20_000);
    const session = sessionOf(paymentId);
    fake.pay(session.id, { type: 'card', last4: '4242' });
    const completed = stripeEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid', url: null });
    const answers = [await deliver(completed), await deliver(completed)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().duplicate)).toEqual([false, true]);
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', method: 'card', amountSen: 20_000 });
    expect(await ledger(paymentId)).toEqual([
      { kind: 'CHARGE', account: `user:${payer.id}`, amount: -20_000 },
      { kind: 'CHARGE', account: expect.stringMatching(/^test:ref-.*:escrow$/), amount: 20_000 },
    ]);
    expect(await rows(`select count(*)::int as n from jobs where name = 'payments.settled' and key = $1`, [`settled:${paymentId}`])).toEqual([
      { n: 1 },
    ]);
    const receipt = await t.app.inject({ url: `/api/payments/${paymentId}/receipt`, headers: bearer(payer.token) });
    expect(receipt.json()).toMatchObject({ method: 'card', cardLast4: '4242' });
    const retrieved = fake.requests.filter((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${session.id}`);
    // Read from Stripe (each delivery is read before it is known to be a repeat), with the card expanded.
    expect(retrieved.length).toBeGreaterThan(0);
    for (const request of retrieved) expect(request.query.getAll('expand[0]')).toEqual(['payment_intent.payment_method']);
  });

  it('takes FPX paid later: completed-but-unpaid waits, async_payment_succeeded settles with the bank', async () => {
    const { paymentId } = await newPayment(9_950);
    const session = sessionOf(paymentId);
    expect((await deliver(stripeEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' }))).statusCode).toBe(
      200,
    );
    expect(await payment(paymentId)).toMatchObject({ status: 'PENDING' });
    fake.pay(session.id, { type: 'fpx', bank: 'maybank2u' });
    await deliver(stripeEvent('checkout.session.async_payment_succeeded', { ...session, status: 'complete', payment_status: 'paid' }));
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', method: 'fpx', bank: 'maybank2u' });
    expect(await ledger(paymentId)).toHaveLength(2);
  });

  it('applies payment_intent.payment_failed once: FAILED, the owner told once, a later success still counts', async () => {
    const { paymentId } = await newPayment(5_000);
    const failed = stripeEvent('payment_intent.payment_failed', {
      id: 'pi_test_declined',
      object: 'payment_intent',
      amount: 5_000,
      currency: 'myr',
      status: 'requires_payment_method',
      metadata: { paymentId },
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        payment_method: { id: 'pm_test_declined', object: 'payment_method', type: 'card', card: { last4: '0002' } },
      },
    });
    const answers = [await deliver(failed), await deliver(failed)];
    expect(answers.map((answer) => answer.json().duplicate)).toEqual([false, true]);
    expect(await payment(paymentId)).toMatchObject({ status: 'FAILED', method: 'card', receiptUrl: null });
    expect(await rows(`select count(*)::int as n from jobs where name = 'payments.failed' and key = $1`, [`failed:${paymentId}`])).toEqual([
      { n: 1 },
    ]);
    expect(await ledger(paymentId)).toEqual([]);

    // The payer tried another card on the still-open Checkout page.
    const session = sessionOf(paymentId);
    fake.pay(session.id, { type: 'card', last4: '4242' });
    await deliver(stripeEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' }));
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('refuses a webhook with a bad signature, a stale one or none with 400 and changes nothing', async () => {
    const { paymentId } = await newPayment(7_000);
    const session = sessionOf(paymentId);
    fake.pay(session.id, { type: 'card', last4: '4242' });
    const event = stripeEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' });
    const payload = JSON.stringify(event);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const stale = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const signature of [forged, stale, 't=1,v1=00']) {
      const answer = await deliver(event, signature);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errorCode: 11400 });
    }
    // Signed over other bytes than those sent.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      payload: payload.replace('"paid"', '"unpaid"'),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await payment(paymentId)).toMatchObject({ status: 'PENDING' });
    expect(await rows(`select count(*)::int as n from payment_events where event_id = $1`, [event.id])).toEqual([{ n: 0 }]);
  });

  it('refunds through Stripe with an idempotency key; charge.refunded posts the refund once', async () => {
    const { paymentId } = await newPayment(30_000);
    const session = sessionOf(paymentId);
    const { paymentIntent, charge } = fake.pay(session.id, { type: 'card', last4: '4242' });
    await deliver(stripeEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' }));

    const { refundId } = await t.app.payments.refund({ paymentId, amountSen: 12_000, reason: 'landlord withdrew', requestedBy: payer.id });
    const asked = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.idempotencyKey).toBe(`refund:${refundId}`);
    expect(asked[0]!.form).toMatchObject({
      payment_intent: paymentIntent,
      amount: '12000',
      'metadata[refundId]': refundId,
      'metadata[paymentId]': paymentId,
    });
    // Asked, not yet confirmed: no ledger lines.
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', refundedSen: 0 });

    const refund = [...fake.refunds.values()].find((row) => row.metadata['refundId'] === refundId)!;
    refund.status = 'succeeded';
    const refunded = stripeEvent('charge.refunded', {
      id: charge,
      object: 'charge',
      amount: 30_000,
      amount_refunded: 12_000,
      currency: 'myr',
      payment_intent: paymentIntent,
      refunded: false,
      metadata: { paymentId },
    });
    const answers = [await deliver(refunded), await deliver(refunded)];
    expect(answers.map((answer) => answer.json().duplicate)).toEqual([false, true]);
    // The charge event names no refund: the adapter lists the charge's refunds.
    expect(
      fake.requests.some((request) => request.method === 'GET' && request.path === '/v1/refunds' && request.query.get('charge') === charge),
    ).toBe(true);
    // Stripe's own refund.updated for the same refund, arriving after: nothing more.
    await deliver(stripeEvent('refund.updated', { ...refund }));
    expect(await payment(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedSen: 12_000 });
    const lines = (await ledger(paymentId)).filter((line) => line['kind'] === 'REFUND');
    expect(lines).toEqual([
      { kind: 'REFUND', account: expect.stringMatching(/:escrow$/), amount: -12_000 },
      { kind: 'REFUND', account: `user:${payer.id}`, amount: 12_000 },
    ]);
    expect(await rows(`select count(*)::int as n from jobs where name = 'payments.refunded' and key = $1`, [`refunded:${refundId}`])).toEqual([
      { n: 1 },
    ]);
  });
});
