import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, freshPhone, type TestApp } from '../../../test/support.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { SIGNATURE_HEADER, signWebhook, simulatorSecret } from './simulator.ts';

/**
 * Payments on the built-in simulator, through the HTTP layer: the pay page, its webhooks (delivered by the job
 * queue, on purpose twice and out of order), the ledger, refunds and receipts.
 */
let t: TestApp;
let payer: { id: string; token: string };
let other: { id: string; token: string };
let operations: { id: string; token: string };
let secret: string;

async function makeUser(name: string, role: 'user' | 'operations' = 'user') {
  const [row] = await t.database.db.insert(users).values({ phoneNumber: freshPhone(), name, role, language: 'ZH' }).returning();
  return { id: row!.id, token: await createSessionsRepository(t.database.db).create(row!.id, 'pin', 'payments-test', 1) };
}

const rows = async (query: string, params: unknown[] = []) => ((await t.database.raw(query, params)) as { rows: Record<string, unknown>[] }).rows;

async function newPayment(amountSen = 150_000, language: 'en' | 'ms' | 'zh' = 'zh') {
  const created = await t.app.payments.createPayment({
    purpose: 'TEST',
    referenceId: `ref-${Math.random().toString(36).slice(2)}`,
    payerId: payer.id,
    amountSen,
    description: '订金 Booking fee',
    language,
    returnPath: '/zh/dashboard',
  });
  const token = new URL(created.paymentUrl).pathname.split('/').pop()!;
  return { ...created, token };
}

const choose = (token: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/pay/sim/${token}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Runs queued webhook deliveries until none is due. */
async function deliverAll() {
  let ran = 0;
  for (let n = await t.app.jobs.runOnce(); n > 0; n = await t.app.jobs.runOnce()) ran += n;
  return ran;
}

const payment = async (id: string, token = payer.token) => (await t.app.inject({ url: `/api/payments/${id}`, headers: bearer(token) })).json();
const charges = (id: string) => rows(`select kind, account, amount_sen::int as amount from ledger_entries where payment_id = $1 order by id`, [id]);
/** The jobs told to the feature owning the reference (a handler of theirs may have run them already). */
const queued = async (name: string, key: string) => (await rows(`select state from jobs where name = $1 and key = $2`, [name, key])).length;

function webhook(event: object, signature?: string) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/simulator',
    payload: body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? signWebhook(secret, body) },
  });
}

beforeAll(async () => {
  // Every chance taken: each final event is delivered twice, FPX's pending one after its final one.
  t = await createTestApp({ env: { PAYMENT_SIMULATOR_CHAOS: '1', AUTH_SECRET: 'a'.repeat(40) } });
  secret = simulatorSecret(undefined, 'a'.repeat(40));
  payer = await makeUser('Mei Ling');
  other = await makeUser('Ravi');
  operations = await makeUser('Staff', 'operations');
});
afterAll(() => t.close());

describe('payments on the simulator', () => {
  it('shows the pay page in the payer language; a card payment delivered twice charges once and tells the owner once', async () => {
    const { paymentId, paymentUrl, token } = await newPayment();
    expect(paymentUrl).toMatch(/^http:\/\/localhost:\d+\/pay\/sim\//);
    const page = await t.app.inject({ url: `/pay/sim/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('lang="zh"');
    expect(page.body).toMatch(/RM\s?1,500\.00/);
    expect(page.body).toContain('Maybank2u');
    expect(page.body).toContain('测试付款页面');
    expect((await payment(paymentId)).status).toBe('PENDING');

    const paid = await choose(token, { outcome: 'pay', method: 'card', cardNumber: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/\/zh\/dashboard$/);
    // The payment changes only when the webhook arrives.
    expect((await payment(paymentId)).status).toBe('PENDING');
    await deliverAll();
    const deliveries = await rows(
      `select payload->'event'->>'id' as id from jobs where name = 'payments.simulator-webhook' and payload->'event'->'data'->>'paymentId' = $1`,
      [paymentId],
    );
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]).toEqual(deliveries[1]);

    const after = await payment(paymentId);
    expect(after).toMatchObject({ status: 'SUCCEEDED', method: 'card', amountSen: 150_000, paymentUrl: null });
    expect(after.receiptUrl).toMatch(new RegExp(`/receipts/${paymentId}$`));
    expect(await charges(paymentId)).toEqual([
      { kind: 'CHARGE', account: `user:${payer.id}`, amount: -150_000 },
      { kind: 'CHARGE', account: expect.stringMatching(/^test:ref-.*:escrow$/), amount: 150_000 },
    ]);
    expect(await queued('payments.settled', `settled:${paymentId}`)).toBe(1);
    expect(await rows(`select count(*)::int as n from payment_events where payment_id = $1`, [paymentId])).toEqual([{ n: 1 }]);

    // The receipt names the card by its last four digits only.
    const receipt = (await t.app.inject({ url: `/api/payments/${paymentId}/receipt?lang=en`, headers: bearer(payer.token) })).json();
    expect(receipt).toMatchObject({ method: 'card', cardLast4: '4242', status: 'SUCCEEDED' });
    const pdf = await t.app.inject({ url: `/api/payments/${paymentId}/receipt.pdf?lang=en`, headers: bearer(payer.token) });
    const text = await pdfText(pdf.rawPayload, ' ');
    expect(text).toContain('Card ••••4242');
    expect(text).not.toContain('4242 4242');

    // Paid: the link now leads back, and paying again is not offered.
    expect((await t.app.inject({ url: `/pay/sim/${token}` })).statusCode).toBe(303);
  });

  it('applies FPX events out of order: a pending event after success changes nothing', async () => {
    const { paymentId, token } = await newPayment(99_50);
    expect((await choose(token, { outcome: 'pay', method: 'fpx', bank: 'maybank2u', bankOutcome: 'approve' })).statusCode).toBe(303);
    const planned = await rows(
      `select payload->'event'->>'type' as type from jobs where name = 'payments.simulator-webhook' and state = 'pending' order by id`,
    );
    expect(planned.map((row) => row['type'])).toEqual(['payment.succeeded', 'payment.pending', 'payment.succeeded']);
    await deliverAll();
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', method: 'fpx', bank: 'maybank2u', amountSen: 9950 });
    expect(await charges(paymentId)).toHaveLength(2);
  });

  it('takes the same signed webhook three times with one effect, never goes back from SUCCEEDED, and refuses bad signatures', async () => {
    const { paymentId } = await newPayment(20_000);
    const succeeded = { id: 'evt_test_three_times', type: 'payment.succeeded', created: 1, data: { paymentId, method: 'card' } };
    const answers = [await webhook(succeeded), await webhook(succeeded), await webhook(succeeded)];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().duplicate)).toEqual([false, true, true]);
    expect(await charges(paymentId)).toHaveLength(2);

    // Late events of another kind: still SUCCEEDED, still one charge, no failure told.
    await webhook({ id: 'evt_test_late_fail', type: 'payment.failed', created: 1, data: { paymentId } });
    await webhook({ id: 'evt_test_late_expired', type: 'payment.expired', created: 1, data: { paymentId } });
    await webhook({ id: 'evt_test_second_success', type: 'payment.succeeded', created: 1, data: { paymentId, method: 'fpx', bank: 'cimb' } });
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', method: 'card' });
    expect(await charges(paymentId)).toHaveLength(2);
    expect(await queued('payments.failed', `failed:${paymentId}`)).toBe(0);

    const forged = { id: 'evt_forged', type: 'payment.succeeded', created: 1, data: { paymentId } };
    expect((await webhook(forged, signWebhook('not-the-secret', JSON.stringify(forged)))).statusCode).toBe(400);
    expect((await webhook(forged, signWebhook(secret, JSON.stringify(forged), Math.floor(Date.now() / 1000) - 3600))).statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/simulator', payload: forged });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ errorCode: 11400 });
  });

  it('a payment that failed first still succeeds when the money arrives; a declined card fails and tells the owner', async () => {
    const late = await newPayment(5_000);
    await webhook({ id: `evt_fail_${late.paymentId}`, type: 'payment.failed', created: 1, data: { paymentId: late.paymentId } });
    expect((await payment(late.paymentId)).status).toBe('FAILED');
    await webhook({ id: `evt_ok_${late.paymentId}`, type: 'payment.succeeded', created: 1, data: { paymentId: late.paymentId, method: 'card' } });
    expect((await payment(late.paymentId)).status).toBe('SUCCEEDED');
    expect(await charges(late.paymentId)).toHaveLength(2);

    const declined = await newPayment(5_000);
    const wrongCard = await choose(declined.token, { outcome: 'pay', method: 'card', cardNumber: '1234 5678 9012 3456' });
    expect(wrongCard.statusCode).toBe(422);
    expect(wrongCard.body).toContain('请使用页面上列出的测试卡号');
    // The refusal sits beside the card number, tied to it for screen readers.
    expect(wrongCard.body).toMatch(/<input id="card"[^>]* aria-invalid="true" aria-describedby="card-error card-hint">/);
    expect(wrongCard.body).toContain('<p class="error" id="card-error" role="alert">');
    const noBank = await choose(declined.token, { outcome: 'pay', method: 'fpx', bankOutcome: 'approve' });
    expect(noBank.statusCode).toBe(422);
    expect(noBank.body).toMatch(/<select id="bank"[^>]* aria-invalid="true" aria-describedby="bank-error">/);
    // Asked for in Malay: the page says lang="ms" and keeps Malay after a refusal.
    const malay = await t.app.inject({ url: `/pay/sim/${declined.token}?lang=ms` });
    expect(malay.body).toContain('<html lang="ms">');
    expect(malay.body).toContain('Perbankan dalam talian FPX');
    expect(malay.body).toContain(`action="/pay/sim/${declined.token}?lang=ms"`);
    expect((await choose(declined.token, { outcome: 'pay', method: 'card', cardNumber: '4000000000000002' })).statusCode).toBe(303);
    await deliverAll();
    expect(await payment(declined.paymentId)).toMatchObject({ status: 'FAILED', receiptUrl: null });
    expect(await charges(declined.paymentId)).toEqual([]);
    expect(await queued('payments.failed', `failed:${declined.paymentId}`)).toBe(1);

    const abandoned = await newPayment(5_000);
    await choose(abandoned.token, { outcome: 'cancel' });
    await deliverAll();
    expect((await payment(abandoned.paymentId)).status).toBe('EXPIRED');
  });

  it('refunds through the gateway: the ledger posts when the gateway confirms, once, and never past the amount paid', async () => {
    const { paymentId, token } = await newPayment(10_000);
    await choose(token, { outcome: 'pay', method: 'card', cardNumber: '4242424242424242' });
    await deliverAll();
    await expect(t.app.payments.refund({ paymentId, amountSen: 10_001, reason: 'too much', requestedBy: operations.id })).rejects.toMatchObject({
      code: 11409,
    });
    const { refundId } = await t.app.payments.refund({ paymentId, amountSen: 4_000, reason: 'landlord cancelled', requestedBy: operations.id });
    expect((await payment(paymentId)).status).toBe('SUCCEEDED');
    await deliverAll();
    expect(await payment(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedSen: 4_000 });
    const lines = await charges(paymentId);
    expect(lines.filter((line) => line['kind'] === 'REFUND')).toEqual([
      { kind: 'REFUND', account: expect.stringMatching(/:escrow$/), amount: -4_000 },
      { kind: 'REFUND', account: `user:${payer.id}`, amount: 4_000 },
    ]);
    expect(lines.reduce((sum, line) => sum + Number(line['amount']), 0)).toBe(0);
    expect(await queued('payments.refunded', `refunded:${refundId}`)).toBe(1);
    await expect(t.app.payments.refund({ paymentId, amountSen: 6_001, reason: 'again', requestedBy: operations.id })).rejects.toMatchObject({
      code: 11409,
    });
    await t.app.payments.refund({ paymentId, amountSen: 6_000, reason: 'the rest', requestedBy: operations.id });
    await deliverAll();
    expect(await payment(paymentId)).toMatchObject({ status: 'REFUNDED', refundedSen: 10_000 });
  });

  it('shows a payment, its receipt and the receipt page to the payer and staff only, in the payer language', async () => {
    const { paymentId, token } = await newPayment(123_456);
    expect((await t.app.inject({ url: `/api/payments/${paymentId}/receipt`, headers: bearer(payer.token) })).statusCode).toBe(409);
    await choose(token, { outcome: 'pay', method: 'fpx', bank: 'public_bank', bankOutcome: 'approve' });
    await deliverAll();

    expect((await t.app.inject({ url: `/api/payments/${paymentId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/payments/${paymentId}`, headers: bearer(other.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/payments/${paymentId}`, headers: bearer(operations.token) })).statusCode).toBe(200);

    const receipt = await t.app.inject({ url: `/api/payments/${paymentId}/receipt`, headers: bearer(payer.token) });
    expect(receipt.json()).toMatchObject({
      paymentId,
      language: 'zh',
      payerName: 'Mei Ling',
      amountSen: 123_456,
      method: 'fpx',
      bank: 'public_bank',
    });

    const pageAs = (token?: string, query = '') =>
      t.app.inject({ url: `/receipts/${paymentId}${query}`, headers: token ? { cookie: `authToken=${token}` } : {} });
    const receiptPage = await pageAs(payer.token);
    expect(receiptPage.statusCode).toBe(200);
    expect(receiptPage.body).toContain('收据');
    expect(receiptPage.body).toMatch(/RM\s?1,234\.56/);
    expect(receiptPage.body).toContain('Public Bank');
    expect((await pageAs(payer.token, '?lang=ms')).body).toContain('Resit');
    expect((await pageAs()).statusCode).toBe(401);
    expect((await pageAs(other.token)).statusCode).toBe(403);
    expect((await pageAs(operations.token)).statusCode).toBe(200);

    const pdf = await t.app.inject({ url: `/api/payments/${paymentId}/receipt.pdf`, headers: bearer(payer.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The PDF in the payer's language (Chinese) and in the two others, read back as text.
    const number = receipt.json().receiptNumber as string;
    const zh = await pdfText(pdf.rawPayload, ' ');
    for (const words of [
      'Kunci',
      '收据',
      '收据编号',
      number,
      '付款人',
      'Mei Ling',
      '订金 Booking fee',
      'FPX 网上银行',
      'Public Bank',
      '已付款',
      'RM 1,234.56',
    ])
      expect(zh).toContain(words);
    expect(zh).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 .*\(GMT\+8\)/);
    const en = await pdfText(
      (await t.app.inject({ url: `/api/payments/${paymentId}/receipt.pdf?lang=en`, headers: bearer(payer.token) })).rawPayload,
      ' ',
    );
    for (const words of ['Receipt', 'Paid by', 'Mei Ling', '订金 Booking fee', 'FPX online banking', 'Public Bank', 'Status', 'Paid', 'RM 1,234.56'])
      expect(en).toContain(words);
    const ms = await pdfText(
      (await t.app.inject({ url: `/api/payments/${paymentId}/receipt.pdf?lang=ms`, headers: bearer(payer.token) })).rawPayload,
      ' ',
    );
    for (const words of ['Resit', 'Dibayar oleh', 'Mei Ling', 'Perbankan dalam talian FPX', 'Dibayar', 'RM 1,234.56']) expect(ms).toContain(words);
    expect(ms).not.toContain('收据');
    expect((await t.app.inject({ url: `/api/payments/${paymentId}/receipt.pdf`, headers: bearer(other.token) })).statusCode).toBe(403);
  });

  it('answers a forged or unknown pay link with a 404 page', async () => {
    expect((await t.app.inject({ url: '/pay/sim/forged.token-value' })).statusCode).toBe(404);
    expect((await choose('forged.token-value', { outcome: 'cancel' })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, payer.id));
    expect(row).toBeDefined();
  });
});
