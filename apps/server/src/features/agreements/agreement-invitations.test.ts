import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agreement, AgreementInvitation } from '@kunci/contracts/agreements';
import type { Deal } from '@kunci/contracts/deals';
import { agreementInvitations, users } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, freshPhone, type TestApp } from '../../../test/support.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { outbox, phoneOf, sixDigitCode, textsTo } from '../../../test/outbox.ts';
import { dealFixtures } from '../../../test/deal-fixtures.ts';

/**
 * A tenancy found elsewhere (decision 14): one party invites the other's phone with the home and the terms; the
 * invitee signs in with that phone, checks the terms, gives their details and accepts; both sign with codes; the
 * move-in amount (first month, signing fee, SST, nothing to credit) makes the listing-less deal ACTIVE.
 */
let t: TestApp;
const f = dealFixtures(() => t);

beforeAll(async () => {
  const store = new LocalDiskStore(await mkdtemp(join(tmpdir(), 'kunci-invitations-')));
  t = await createTestApp({ env: { AUTH_SECRET: 'a'.repeat(40), RATE_LIMIT_MAX: '100000' }, store });
});
afterAll(() => t.close());

type Who = { id: string; headers: Record<string, string> };

/** Signs in as the account of a phone number (the invitee "signing in with that phone"). */
async function signedInAs(phone: string): Promise<Who> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
  if (!row) throw new Error(`no account for ${phone}`);
  return { id: row.id, headers: bearer(await createSessionsRepository(t.database.db).create(row.id, 'pin', 'invitations-test', 1)) };
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const invitation = (phone: string, role: 'LANDLORD' | 'TENANT', extra: Record<string, unknown> = {}) => ({
  role,
  phone,
  propertyName: 'Taman Tun Dr Ismail, Jalan Datuk Sulaiman 7',
  address: '12, Jalan Datuk Sulaiman 7, Taman Tun Dr Ismail, 60000 Kuala Lumpur',
  startDate: inAMonth(),
  tenancyMonths: 12,
  monthlyRent: 1800,
  occupants: 2,
  language: 'en',
  utilities: ['WATER'],
  houseRules: 'No smoking indoors.',
  party:
    role === 'LANDLORD'
      ? { name: 'Lim Siew Ling', idType: 'IC', idNumber: '780512-14-5521' }
      : { name: 'Nur Aisyah binti Ahmad', idType: 'IC', idNumber: '950101-10-1234' },
  ...extra,
});

const invite = (who: Who, body: Record<string, unknown>, language = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/agreements/invitations', payload: body, headers: { ...who.headers, 'x-language': language } });
const accept = (who: Who, id: string, party: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/agreements/invitations/${id}/accept`, payload: { party }, headers: who.headers });
const tenantParty = { name: 'Nur Aisyah binti Ahmad', idType: 'IC', idNumber: '950101-10-1234' };
const landlordParty = { name: 'Lim Siew Ling', idType: 'PASSPORT', idNumber: 'K1234567' };

async function sign(agreementId: string, who: Who) {
  expect((await t.app.inject({ method: 'POST', url: `/api/agreements/${agreementId}/code`, headers: who.headers })).statusCode).toBe(200);
  const code = sixDigitCode((await textsTo(t, who.id))[0]);
  return t.app.inject({ method: 'POST', url: `/api/agreements/${agreementId}/sign`, payload: { code }, headers: who.headers });
}

describe('agreement for a tenancy found elsewhere', () => {
  it('the landlord invites a phone with no account; its owner signs in, accepts with their IC, both sign, the move-in amount makes the deal ACTIVE', async () => {
    const landlord = await f.person('Lim Siew Ling');
    const stranger = await f.person('Someone Else');
    const phone = freshPhone();

    // Refused by field, in the caller's language: a number that cannot exist, the landlord's own, a bad IC, a past start.
    const wrongPhone = await invite(landlord, invitation('12345', 'LANDLORD'), 'ms');
    expect(wrongPhone.statusCode).toBe(422);
    expect(JSON.stringify(wrongPhone.json())).toContain('body.phone');
    const self = await invite(landlord, invitation(await phoneOf(t.database, landlord.id), 'LANDLORD'));
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ message: expect.stringContaining('your own phone number') });
    expect(
      (await invite(landlord, invitation(phone, 'LANDLORD', { party: { name: 'Lim', idType: 'IC', idNumber: '781312145521' } }))).statusCode,
    ).toBe(422);
    expect((await invite(landlord, invitation(phone, 'LANDLORD', { startDate: '2020-01-01' }))).statusCode).toBe(422);

    const sent = await invite(landlord, invitation(phone.replace('+60', '0'), 'LANDLORD'));
    expect(sent.statusCode).toBe(201);
    const inv = sent.json() as AgreementInvitation;
    expect(inv).toMatchObject({
      status: 'PENDING',
      viewer: 'INVITER',
      inviter: { name: 'Lim Siew Ling', idNumberMasked: '••••••••5521' },
      // First month, signing fee and SST: no booking fee to credit.
      moveIn: { rentSen: 180_000, signingFeeSen: 39_900, sstSen: 2_394, totalSen: 222_294 },
      dealId: null,
    });
    expect(inv.phoneMasked).toMatch(/^•+\d{4}$/);
    // The inviter's IC is sealed at rest.
    const [stored] = await t.database.db.select().from(agreementInvitations).where(eq(agreementInvitations.id, inv.id));
    expect(JSON.stringify(stored)).not.toContain('780512');

    // The invitee is told by SMS with a link to the invitation on the tenant's page.
    await f.drain();
    const [sms] = await outbox(t.app, phone);
    expect(sms?.body).toContain('Lim Siew Ling');
    expect(sms?.body).toContain(`/dashboard/ta-initiate/new/tenant?invitation=${inv.id}`);

    const invitee = await signedInAs(phone);
    const seen = (await t.app.inject({ url: `/api/agreements/invitations/${inv.id}`, headers: invitee.headers })).json() as AgreementInvitation;
    expect(seen).toMatchObject({ viewer: 'INVITEE', inviterRole: 'LANDLORD', address: expect.stringContaining('Taman Tun Dr Ismail') });
    expect(((await t.app.inject({ url: '/api/agreements/invitations', headers: invitee.headers })).json() as { content: unknown[] }).content).toEqual(
      [expect.objectContaining({ id: inv.id, viewer: 'INVITEE' })],
    );

    // Nobody else sees or accepts it, the inviter included.
    expect((await t.app.inject({ url: `/api/agreements/invitations/${inv.id}`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await accept(stranger, inv.id, tenantParty)).statusCode).toBe(403);
    expect((await accept(landlord, inv.id, tenantParty)).statusCode).toBe(403);
    expect((await accept(invitee, inv.id, { ...tenantParty, idNumber: '951301-10-1234' })).statusCode).toBe(422);

    const accepted = await accept(invitee, inv.id, tenantParty);
    expect(accepted.statusCode).toBe(201);
    const agreement = accepted.json() as Agreement;
    expect(agreement).toMatchObject({
      status: 'SIGNING',
      viewerRole: 'TENANT',
      propertyName: 'Taman Tun Dr Ismail, Jalan Datuk Sulaiman 7',
      monthlyRent: 1800,
      signingFeeSen: 39_900,
      sstSen: 2_394,
      landlord: { userId: landlord.id, name: 'Lim Siew Ling', idNumberMasked: '••••••••5521' },
      tenant: { userId: invitee.id, name: 'Nur Aisyah binti Ahmad', idNumberMasked: '••••••••1234' },
    });
    // Answered once.
    expect((await accept(invitee, inv.id, tenantParty)).statusCode).toBe(409);

    // The deal has no listing and stands at AGREEMENT in the one state machine; the landlord is told it is ready.
    const deal = (await t.app.inject({ url: `/api/deals/${agreement.dealId}`, headers: landlord.headers })).json() as Deal;
    expect(deal).toMatchObject({ state: 'AGREEMENT', propertyId: null, propertyDto: { name: 'Taman Tun Dr Ismail, Jalan Datuk Sulaiman 7' } });
    expect(deal.deadline).toMatchObject({ command: 'MISS_DEADLINE' });
    await f.drain();
    expect((await textsTo(t, landlord.id))[0]).toContain('ready to sign');

    // Signed with codes as any agreement: the PDF is sealed with its SHA-256 and names both parties.
    expect((await sign(agreement.id, invitee)).statusCode).toBe(200);
    const signed = (await sign(agreement.id, landlord)).json() as Agreement;
    expect(signed).toMatchObject({ status: 'SIGNED', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const text = await pdfText((await t.app.inject({ url: `/api/agreements/${agreement.id}/pdf`, headers: invitee.headers })).rawPayload);
    for (const expected of ['Lim Siew Ling', 'Nur Aisyah binti Ahmad', '780512145521', '950101101234', 'Taman Tun Dr Ismail', 'RM 2,222.94']) {
      expect(text).toContain(expected);
    }

    // Move-in: RM1,800 + RM399 + RM23.94 with no booking fee to credit, and the tenancy is ACTIVE.
    const link = await f.pay(invitee, agreement.dealId, { moveIn: true });
    expect(link.json()).toMatchObject({ amountSen: 222_294 });
    await f.drain();
    expect(((await t.app.inject({ url: `/api/deals/${agreement.dealId}`, headers: landlord.headers })).json() as Deal).state).toBe('ACTIVE');
    // The first month to the landlord, the signing fee and SST to Kunci, from an escrow that held only the move-in amount.
    const lines = await f.ledger(agreement.dealId);
    expect(lines.filter((line) => line.account === `landlord:${landlord.id}`).reduce((sum, line) => sum + line.amountSen, 0)).toBe(180_000);

    // An ACTIVE tenancy like any other: the landlord may enrol it in rental collection, named as the parties named it.
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/rental-collection/tenancies',
      payload: { dealId: agreement.dealId },
      headers: landlord.headers,
    });
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json()).toMatchObject({
      tenancy: { propertyName: 'Taman Tun Dr Ismail, Jalan Datuk Sulaiman 7', propertyId: null, status: 'ACTIVE' },
    });
  });

  it('the tenant invites the landlord, who accepts on their side; an invitation that lapsed cannot be accepted', async () => {
    const tenant = await f.person('Nur Aisyah');
    const landlord = await f.person('Lim Siew Ling');
    const inv = (await invite(tenant, invitation(await phoneOf(t.database, landlord.id), 'TENANT'))).json() as AgreementInvitation;
    await f.drain();
    expect((await textsTo(t, landlord.id))[0]).toContain(`/dashboard/ta-initiate/new/landlord?invitation=${inv.id}`);
    const agreement = (await accept(landlord, inv.id, landlordParty)).json() as Agreement;
    expect(agreement).toMatchObject({
      viewerRole: 'LANDLORD',
      landlord: { userId: landlord.id, idType: 'PASSPORT', idNumberMasked: '••••••••4567' },
      tenant: { userId: tenant.id, name: 'Nur Aisyah binti Ahmad' },
    });
    expect(
      ((await t.app.inject({ url: `/api/agreements/invitations/${inv.id}`, headers: tenant.headers })).json() as AgreementInvitation).dealId,
    ).toBe(agreement.dealId);

    // Lapsed: shown as EXPIRED and refused (410) in the invitee's language.
    const late = (await invite(tenant, invitation(await phoneOf(t.database, landlord.id), 'TENANT'))).json() as AgreementInvitation;
    await t.database.db
      .update(agreementInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(agreementInvitations.id, late.id));
    expect(
      ((await t.app.inject({ url: `/api/agreements/invitations/${late.id}`, headers: landlord.headers })).json() as AgreementInvitation).status,
    ).toBe('EXPIRED');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/agreements/invitations/${late.id}/accept`,
      payload: { party: landlordParty },
      headers: { ...landlord.headers, 'x-language': 'ms' },
    });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('luput') });
  });
});
