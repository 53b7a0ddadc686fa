import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { users } from '@kunci/db/schema';
import { dealFixtures } from '../../../test/deal-fixtures.ts';
import { confirmStaffSession } from '../../../test/authz/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';

type Who = { id: string; token: string; headers: Record<string, string> };
type Detail = {
  id: string;
  state: string;
  tenant: { id: string; phoneNumber: string };
  events: { command: string; actor: string; actorName: string | null; from: string | null; to: string }[];
  ledger: { postingId: string; kind: string; account: string; amountSen: number }[];
  balances: { account: string; balanceSen: number }[];
  refundableSen: number;
  documents: { id: string; kind: string; status: string; refusalReason: string | null; reads: { readerId: string; via: string }[] }[];
  credit: unknown;
  history: { action: string; actorId: string; reason: string | null; after: Record<string, unknown> | null }[];
};

describe('back office deals: list, timeline and ledger, document views, verdicts, refunds', () => {
  let t: TestApp;
  const f = dealFixtures(() => t);
  let ops: Who;
  let moderator: Who;
  let editor: Who;
  let tenant: Who;
  let dealId: string;
  let payslipId: string;
  let statementId: string;

  const as = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who?.headers ?? {} });
  const detail = async () => (await as(ops, 'GET', `/api/admin/deals/${dealId}`)).json() as Detail;

  async function staff(name: string, role: 'operations' | 'moderator' | 'editor') {
    const who = await f.person(name);
    await t.database.db.update(users).set({ role }).where(eq(users.id, who.id));
    return who;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    ops = await staff('Ops Raj', 'operations');
    moderator = await staff('Moderator Siti', 'moderator');
    editor = await staff('Editor Mei', 'editor');
    for (const who of [ops, moderator, editor]) await confirmStaffSession(t, who.token);
    // A booked deal whose tenant sent a payslip and a bank statement for screening.
    const landlord = await f.person('Landlord Wong');
    tenant = await f.person('Tenant Aisyah');
    const propertyId = await f.condo(landlord.id);
    dealId = ((await f.apply(tenant, propertyId)).json() as { id: string }).id;
    await f.command(landlord, dealId, { command: 'ACCEPT' });
    await f.pay(tenant, dealId);
    await f.drain();
    const ids: string[] = [];
    for (const kind of ['PAYSLIP', 'BANK_STATEMENT']) {
      const added = await as(tenant, 'POST', `/api/deals/${dealId}/documents`, { kind, profile: 'WORKING_ADULT' });
      const id = (added.json() as { id: string }).id;
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/documents/${id}/upload`,
        payload: Buffer.from(`%PDF-1.4\n${kind}\n`),
        headers: { ...tenant.headers, 'content-type': 'application/pdf' },
      });
      expect(uploaded.statusCode).toBe(200);
      ids.push(id);
    }
    [payslipId, statementId] = ids as [string, string];
    expect((await f.command(tenant, dealId, { command: 'SUBMIT_DOCUMENTS' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('lists every deal by state and finds one by the tenant’s phone or name; operations only', async () => {
    const phone = (await detail()).tenant.phoneNumber;
    for (const q of [phone, phone.replace(/^\+60/, '0'), 'Tenant Aisyah']) {
      const page = (await as(ops, 'GET', `/api/admin/deals?state=SCREENING&q=${encodeURIComponent(q)}`)).json() as { content: { id: string }[] };
      expect(page.content.map((deal) => deal.id)).toContain(dealId);
    }
    const other = (await as(ops, 'GET', `/api/admin/deals?state=ACTIVE&q=${encodeURIComponent(phone)}`)).json() as { totalElements: number };
    expect(other.totalElements).toBe(0);
    const paged = (await as(ops, 'GET', '/api/admin/deals?pageSize=1&page=0')).json() as { content: unknown[]; pageSize: number };
    expect(paged.content).toHaveLength(1);
    expect((await as(moderator, 'GET', '/api/admin/deals')).statusCode).toBe(403);
    expect((await as(editor, 'GET', `/api/admin/deals/${dealId}`)).statusCode).toBe(403);
    expect((await as(tenant, 'GET', `/api/admin/deals/${dealId}`)).statusCode).toBe(403);
    expect((await as(null, 'GET', '/api/admin/deals')).statusCode).toBe(401);
  });

  it('shows the timeline (who, from, to), the balanced ledger, the documents and what is refundable', async () => {
    const deal = await detail();
    expect(deal.state).toBe('SCREENING');
    expect(deal.events.map((event) => [event.command, event.from, event.to])).toEqual([
      ['APPLY', null, 'APPLIED'],
      ['ACCEPT', 'APPLIED', 'ACCEPTED'],
      ['PAY_BOOKING', 'ACCEPTED', 'BOOKED'],
      ['SUBMIT_DOCUMENTS', 'BOOKED', 'SCREENING'],
    ]);
    expect(deal.events[0]).toMatchObject({ actor: 'TENANT', actorName: 'Tenant Aisyah' });
    expect(deal.events[1]).toMatchObject({ actor: 'LANDLORD', actorName: 'Landlord Wong' });
    const postings = new Map<string, number>();
    for (const line of deal.ledger) postings.set(line.postingId, (postings.get(line.postingId) ?? 0) + line.amountSen);
    expect(postings.size).toBeGreaterThan(0);
    expect([...postings.values()].every((sum) => sum === 0)).toBe(true);
    expect(deal.balances).toContainEqual({ account: `deal:${dealId}:escrow`, balanceSen: 50_000 });
    expect(deal.refundableSen).toBe(50_000);
    expect(deal.documents.map((document) => [document.kind, document.status])).toEqual([
      ['PAYSLIP', 'UPLOADED'],
      ['BANK_STATEMENT', 'UPLOADED'],
    ]);
    expect(deal.credit).toBeNull();
  });

  it('opens a document through a signed read made for the caller: the view is audited and the read logged; moderators get 403', async () => {
    const unconfirmed = await staff('Ops New', 'operations');
    const asked = await as(unconfirmed, 'POST', `/api/admin/deals/${dealId}/documents/${payslipId}/view`);
    expect(asked.statusCode).toBe(428);
    expect((asked.json() as { errorCode: number }).errorCode).toBe(ErrorCode.STAFF_CONFIRMATION_REQUIRED);
    expect((await as(moderator, 'POST', `/api/admin/deals/${dealId}/documents/${payslipId}/view`)).statusCode).toBe(403);
    expect((await as(editor, 'POST', `/api/admin/deals/${dealId}/documents/${payslipId}/view`)).statusCode).toBe(403);

    const view = await as(ops, 'POST', `/api/admin/deals/${dealId}/documents/${payslipId}/view`);
    expect(view.statusCode).toBe(200);
    const { url, expiresAt } = view.json() as { url: string; expiresAt: string };
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const file = await as(ops, 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('PAYSLIP');
    // The link is the caller's alone: a moderator holding it is refused.
    expect((await as(moderator, 'GET', url)).statusCode).toBe(403);

    const deal = await detail();
    const payslip = deal.documents.find((document) => document.id === payslipId)!;
    expect(payslip.reads).toEqual([expect.objectContaining({ readerId: ops.id, via: 'STAFF' })]);
    expect(deal.history).toContainEqual(
      expect.objectContaining({
        action: 'deal.document.view',
        actorId: ops.id,
        after: expect.objectContaining({ documentId: payslipId, kind: 'PAYSLIP' }),
      }),
    );
    const audit = (await as(ops, 'GET', `/api/admin/audit?action=deal.document.view&targetId=${dealId}`)).json() as {
      content: { actorId: string }[];
    };
    expect(audit.content).toEqual([expect.objectContaining({ actorId: ops.id })]);
  });

  it('verifies one document and refuses the other with a reason; the tenant sees the refusal and uploads a new file', async () => {
    expect(
      (await as(moderator, 'POST', `/api/admin/deals/${dealId}/verify`, { documents: [{ id: payslipId, status: 'VERIFIED' }] })).statusCode,
    ).toBe(403);
    const unexplained = await as(ops, 'POST', `/api/admin/deals/${dealId}/verify`, { documents: [{ id: statementId, status: 'REJECTED' }] });
    expect(unexplained.statusCode).toBe(422);

    const reason = 'The statement is cut off at the bottom';
    const decided = await as(ops, 'POST', `/api/admin/deals/${dealId}/verify`, {
      documents: [
        { id: payslipId, status: 'VERIFIED' },
        { id: statementId, status: 'REJECTED', reason },
      ],
    });
    expect(decided.statusCode).toBe(200);
    const deal = decided.json() as Detail;
    expect(deal.documents.map((document) => [document.kind, document.status, document.refusalReason])).toEqual([
      ['PAYSLIP', 'VERIFIED', null],
      ['BANK_STATEMENT', 'REJECTED', reason],
    ]);
    expect(deal.history).toContainEqual(
      expect.objectContaining({
        action: 'deal.document.refuse',
        reason,
        after: expect.objectContaining({ documentId: statementId, status: 'REJECTED' }),
      }),
    );
    expect(deal.history).toContainEqual(
      expect.objectContaining({ action: 'deal.document.verify', after: expect.objectContaining({ documentId: payslipId }) }),
    );

    const seen = (await as(tenant, 'GET', `/api/deals/${dealId}/screening`)).json() as {
      documents: { id: string; status: string; refusalReason: string | null }[];
    };
    expect(seen.documents.find((document) => document.id === statementId)).toMatchObject({ status: 'REJECTED', refusalReason: reason });
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${statementId}/upload`,
      payload: Buffer.from('%PDF-1.4\nnew statement\n'),
      headers: { ...tenant.headers, 'content-type': 'application/pdf' },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ status: 'UPLOADED', refusalReason: null });
  });

  it('refunds through the gateway with a reason: PIN-confirmed, audited, balanced on the ledger, never more than is held', async () => {
    const unconfirmed = await staff('Ops Later', 'operations');
    expect((await as(unconfirmed, 'POST', `/api/admin/deals/${dealId}/refund`, { amountSen: 1000, reason: 'Goodwill' })).statusCode).toBe(428);
    expect((await as(moderator, 'POST', `/api/admin/deals/${dealId}/refund`, { amountSen: 1000, reason: 'Goodwill' })).statusCode).toBe(403);
    expect((await as(ops, 'POST', `/api/admin/deals/${dealId}/refund`, { amountSen: 1000 })).statusCode).toBe(422);

    const tooMuch = await as(ops, 'POST', `/api/admin/deals/${dealId}/refund`, { amountSen: 50_001, reason: 'Landlord asked for a deposit' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ errorCode: ErrorCode.CONFLICT, message: 'That is more than this deal can still refund.' });

    const refunded = await as(ops, 'POST', `/api/admin/deals/${dealId}/refund`, { amountSen: 20_000, reason: 'Landlord asked for a deposit' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ amountSen: 20_000, refundIds: [expect.any(String)] });
    // Asked of the gateway and not yet confirmed, it already counts against what is refundable.
    expect((refunded.json() as { deal: Detail }).deal.refundableSen).toBe(30_000);
    expect((await as(ops, 'POST', `/api/admin/deals/${dealId}/refund`, { amountSen: 30_001, reason: 'Second try' })).statusCode).toBe(409);

    await f.drain();
    const deal = await detail();
    const refund = deal.ledger.filter((line) => line.kind === 'REFUND');
    expect(refund.map((line) => [line.account, line.amountSen])).toEqual([
      [`deal:${dealId}:escrow`, -20_000],
      [`user:${tenant.id}`, 20_000],
    ]);
    expect(deal.balances).toContainEqual({ account: `deal:${dealId}:escrow`, balanceSen: 30_000 });
    expect(deal.refundableSen).toBe(30_000);
    expect(deal.history).toContainEqual(
      expect.objectContaining({
        action: 'deal.refund',
        actorId: ops.id,
        reason: 'Landlord asked for a deposit',
        after: expect.objectContaining({ amountSen: 20_000 }),
      }),
    );
  });

  it('gives the booking’s whole verdict from the deal page, audited', async () => {
    const rejected = await as(ops, 'POST', `/api/admin/deals/${dealId}/verify`, { decision: 'REJECTED', note: 'Income does not cover the rent' });
    expect(rejected.statusCode).toBe(200);
    expect((rejected.json() as Detail).state).toBe('REJECTED');
    expect((rejected.json() as Detail).history).toContainEqual(
      expect.objectContaining({ action: 'deal.booking.reject', reason: 'Income does not cover the rent' }),
    );
    // Failed screening gives the whole fee back: staff's earlier 20,000 counts, and the rule's refund sends the rest.
    await f.drain();
    const deal = await detail();
    const toTenant = deal.ledger.filter((line) => line.kind === 'REFUND' && line.account === `user:${tenant.id}`);
    expect(toTenant.map((line) => line.amountSen)).toEqual([20_000, 30_000]);
    expect(deal.balances).toContainEqual({ account: `deal:${dealId}:escrow`, balanceSen: 0 });
    expect(deal.refundableSen).toBe(0);
  });
});
