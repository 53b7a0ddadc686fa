import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  compactIdNumber,
  maskId,
  validIdNumber,
  type Agreement,
  type AcceptInvitationBody,
  type AgreementInvitation,
  type AgreementParty,
  type CreateAgreementBody,
  type CreateInvitationBody,
  type SigningCode,
} from '@kunci/contracts/agreements';
import { BUSINESS, moveInCost } from '@kunci/contracts/business';
import { moveInAmount, sen, tenancySurchargeSen, type DealActor, type DealState, type DealTerms } from '@kunci/contracts/deals';
import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import { malaysiaDay } from '@kunci/i18n/format';
import { fromStoredLanguage } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import type { MediaStore } from '@kunci/media/store';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { NoticeSender } from '../../lib/notices.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { readAll } from '../../lib/uploads.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import { agreementInvited, agreementSigned } from './agreement-notices.ts';
import { agreementPdf, type AgreementDocument } from './agreement-pdf.ts';
import type { AgreementInsert, AgreementRow, AgreementsRepository, InvitationRow } from './agreements.repository.ts';

/** A signed-in caller. */
export interface Caller {
  userId: string;
  moderator: boolean;
}

/** What agreements need of deals: the port app.ts fills with the deals service (features do not import each other). */
export interface AgreementDeals {
  agreementFacts(dealId: string, caller: Caller): Promise<DealTerms & { id: string; state: DealState; role: DealActor; bookingFeeSen: number }>;
  /** Runs a party's command on the deal (`SEND_AGREEMENT` when the agreement is started). */
  command(dealId: string, caller: Caller, command: 'SEND_AGREEMENT', details: Record<string, never>): Promise<unknown>;
  agreementSigned(dealId: string): Promise<void>;
  /** Opens the deal (without a listing, at AGREEMENT) of an accepted invitation for a tenancy found elsewhere. */
  openInvited(by: { userId: string; role: 'TENANT' | 'LANDLORD' }, terms: DealTerms): Promise<{ id: string }>;
}

/** Seals personal data at rest (AES-256-GCM): IC and passport numbers, and the signed PDF that prints them. */
export interface FieldSealer {
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
  sealText(text: string): string;
  openText(sealed: string): string;
}

export interface AgreementsServiceOptions {
  repository: AgreementsRepository;
  deals: AgreementDeals;
  /** One-time signing codes only: they are not notices, so they go straight to the phone. */
  messenger: Messenger;
  notices: NoticeSender;
  store: MediaStore;
  sealer: FieldSealer;
  secret: string;
  clock?: () => Date;
}

const MONTH_DAY = (date: string, months: number) => {
  // The day before the same date `months` later (a 12-month tenancy from 1 Dec 2026 ends 30 Nov 2027).
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year, month - 1 + months, day));
  if (end.getUTCDate() !== day) end.setUTCDate(0); // 31 Jan + 1 month: the end of February
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
};

/**
 * The tenancy as an agreement, or an invitation to one, states it (language, home, dates, rent, occupants, house
 * rules): the same in the API's answers and in the printed document.
 */
function tenancyOf(row: AgreementRow | InvitationRow) {
  return {
    language: row.language,
    propertyName: row.propertyName,
    address: row.address,
    startDate: row.startDate,
    endDate: MONTH_DAY(row.startDate, row.tenancyMonths),
    tenancyMonths: row.tenancyMonths,
    monthlyRent: row.monthlyRent,
    occupants: row.occupants,
    houseRules: row.houseRules,
  };
}

/** The agreement's tenancy and the fees it states. */
const termsOf = (row: AgreementRow) => ({ ...tenancyOf(row), surchargeSen: row.surchargeSen, signingFeeSen: row.signingFeeSen, sstSen: row.sstSen });

export function createAgreementsService({
  repository,
  deals,
  messenger,
  notices,
  store,
  sealer,
  secret,
  clock = () => new Date(),
}: AgreementsServiceOptions) {
  const codeHash = (agreementId: string, userId: string, code: string) =>
    createHmac('sha256', secret).update(`agreement-code:${agreementId}:${userId}:${code}`).digest('hex');

  /** The agreement and the caller's side of it (parties and staff only). */
  async function load(id: string, caller: Caller): Promise<{ row: AgreementRow; role: 'TENANT' | 'LANDLORD' | 'STAFF' }> {
    const row = await repository.findById(id);
    if (!row) throw notFound({ agreementId: id });
    const role = caller.userId === row.tenantId ? 'TENANT' : caller.userId === row.landlordId ? 'LANDLORD' : caller.moderator ? 'STAFF' : null;
    if (!role) throw new AppError(ErrorCode.FORBIDDEN, { agreementId: id });
    return { row, role };
  }

  function view(row: AgreementRow, role: 'TENANT' | 'LANDLORD' | 'STAFF'): Agreement {
    const party = (side: 'landlord' | 'tenant') => ({
      userId: side === 'landlord' ? row.landlordId : row.tenantId,
      name: side === 'landlord' ? row.landlordName : row.tenantName,
      idType: side === 'landlord' ? row.landlordIdType : row.tenantIdType,
      idNumberMasked: `${'•'.repeat(8)}${side === 'landlord' ? row.landlordIdLast4 : row.tenantIdLast4}`,
      signedAt: (side === 'landlord' ? row.landlordSignedAt : row.tenantSignedAt)?.toISOString() ?? null,
    });
    const mine = role === 'TENANT' ? row.tenantSignedAt : role === 'LANDLORD' ? row.landlordSignedAt : new Date(0);
    return {
      id: row.id,
      dealId: row.dealId,
      status: row.status,
      ...termsOf(row),
      utilities: row.utilities as Agreement['utilities'],
      landlord: party('landlord'),
      tenant: party('tenant'),
      viewerRole: role,
      viewerMaySign: row.status === 'SIGNING' && !mine,
      sha256: row.pdfSha256,
      signedAt: row.signedAt?.toISOString() ?? null,
      pdfUrl: `/api/agreements/${row.id}/pdf`,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The document to print: the parties' numbers opened (the PDF is private), the booking fee credited when paid. */
  async function documentOf(row: AgreementRow, bookingFeeSen: number): Promise<AgreementDocument> {
    const [landlord, tenant] = await Promise.all([repository.person(row.landlordId), repository.person(row.tenantId)]);
    const phoneEnd = (phone: string | undefined) => (phone ?? '').slice(-4);
    return {
      reference: row.id.slice(0, 8).toUpperCase(),
      ...termsOf(row),
      bookingFeeSen,
      utilities: row.utilities as AgreementDocument['utilities'],
      parties: [
        {
          role: 'LANDLORD',
          name: row.landlordName,
          idType: row.landlordIdType,
          idNumber: sealer.openText(row.landlordIdSealed),
          signedAt: row.landlordSignedAt,
          phoneEnd: phoneEnd(landlord?.phone),
        },
        {
          role: 'TENANT',
          name: row.tenantName,
          idType: row.tenantIdType,
          idNumber: sealer.openText(row.tenantIdSealed),
          signedAt: row.tenantSignedAt,
          phoneEnd: phoneEnd(tenant?.phone),
        },
      ],
      signed: row.status === 'SIGNED' || Boolean(row.landlordSignedAt && row.tenantSignedAt),
      createdAt: row.createdAt,
    };
  }

  /** Both signed: the final PDF is drawn once, its SHA-256 taken, sealed into the store under a key that names it. */
  async function seal(row: AgreementRow, bookingFeeSen: number): Promise<AgreementRow> {
    const pdf = await agreementPdf(await documentOf(row, bookingFeeSen));
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const key = `private/agreements/${row.id}/${sha256}.pdf`;
    await store.put(key, sealer.seal(pdf), 'application/octet-stream');
    const signed = await repository.markSigned(row.id, { pdfKey: key, pdfSha256: sha256, signedAt: clock() });
    if (!signed) return (await repository.findById(row.id))!; // another request sealed it first: its PDF stands
    await deals.agreementSigned(row.dealId);
    for (const userId of [row.landlordId, row.tenantId]) {
      await notices.send({
        type: agreementSigned,
        recipientId: userId,
        link: { route: 'deal', query: { id: row.dealId } },
        params: { listing: row.propertyName, sha: sha256 },
        key: `agreements:signed:${row.id}:${userId}`,
      });
    }
    return signed;
  }

  /** A party's IC or passport number sealed, with its last four characters kept for display. */
  function sealedParty(party: AgreementParty) {
    const number = compactIdNumber(party.idNumber);
    return { name: party.name, idType: party.idType, idSealed: sealer.sealText(number), idLast4: number.slice(-4) };
  }
  type SealedParty = ReturnType<typeof sealedParty>;

  /**
   * The agreement row from its terms and sealed parties: the surcharge, signing fee and SST worked out by the one
   * set of rules (business rules), whether the agreement comes from a listing's deal or from an invitation.
   */
  function agreementValues(
    createdBy: string,
    terms: {
      dealId: string;
      landlordId: string;
      tenantId: string;
      propertyName: string;
      startDate: string;
      tenancyMonths: number;
      monthlyRent: number;
      occupants: number;
    },
    text: { language: AgreementRow['language']; address: string; utilities: string[]; houseRules: string },
    parties: { landlord: SealedParty; tenant: SealedParty },
  ): AgreementInsert {
    const cost = moveInCost(terms.monthlyRent);
    return {
      dealId: terms.dealId,
      createdBy,
      language: text.language,
      propertyName: terms.propertyName,
      address: text.address,
      startDate: terms.startDate,
      tenancyMonths: terms.tenancyMonths,
      monthlyRent: terms.monthlyRent,
      surchargeSen: tenancySurchargeSen(terms.monthlyRent, terms.tenancyMonths),
      signingFeeSen: sen(cost.signingFee),
      sstSen: sen(cost.sst),
      occupants: terms.occupants,
      utilities: [...new Set(text.utilities)],
      houseRules: text.houseRules,
      landlordId: terms.landlordId,
      landlordName: parties.landlord.name,
      landlordIdType: parties.landlord.idType,
      landlordIdSealed: parties.landlord.idSealed,
      landlordIdLast4: parties.landlord.idLast4,
      tenantId: terms.tenantId,
      tenantName: parties.tenant.name,
      tenantIdType: parties.tenant.idType,
      tenantIdSealed: parties.tenant.idSealed,
      tenantIdLast4: parties.tenant.idLast4,
    };
  }

  const invitationStatus = (row: InvitationRow): AgreementInvitation['status'] =>
    row.status === 'PENDING' && row.expiresAt <= clock() ? 'EXPIRED' : row.status;

  function invitationView(row: InvitationRow, viewer: 'INVITER' | 'INVITEE', phone: string): AgreementInvitation {
    const { totalSen, rentSen, signingFeeSen, sstSen, surchargeSen } = moveInAmount({ ...row, bookingFeeSen: 0, paidAt: null });
    return {
      id: row.id,
      status: invitationStatus(row),
      inviterRole: row.inviterRole,
      viewer,
      inviter: { name: row.inviterName, idType: row.inviterIdType, idNumberMasked: `${'•'.repeat(8)}${row.inviterIdLast4}` },
      phoneMasked: maskId(phone),
      ...tenancyOf(row),
      utilities: row.utilities as AgreementInvitation['utilities'],
      moveIn: { rentSen, signingFeeSen, sstSen, surchargeSen, totalSen },
      dealId: row.dealId,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** An invitation and the caller's part in it: its inviter or its invitee (anyone else: 403). */
  async function loadInvitation(id: string, caller: Caller) {
    const row = await repository.findInvitation(id);
    if (!row) throw notFound({ invitationId: id });
    const viewer = caller.userId === row.inviterId ? 'INVITER' : caller.userId === row.inviteeId ? 'INVITEE' : null;
    if (!viewer) throw new AppError(ErrorCode.FORBIDDEN, { invitationId: id });
    const invitee = await repository.person(row.inviteeId);
    return { row, viewer, phone: invitee?.phone ?? '' } as const;
  }

  const idNumberError = (path: string, party: AgreementParty): FieldError[] =>
    validIdNumber(party.idType, party.idNumber) ? [] : [{ path, message: 'agreements.field.idNumber' }];

  return {
    /** A party of an approved deal starts its agreement: the terms fixed, the numbers sealed, the deal to AGREEMENT. */
    async create(caller: Caller, body: CreateAgreementBody): Promise<Agreement> {
      const deal = await deals.agreementFacts(body.dealId, caller);
      if (deal.role !== 'TENANT' && deal.role !== 'LANDLORD') throw new AppError(ErrorCode.FORBIDDEN, { dealId: body.dealId });
      if (deal.state !== 'APPROVED') throw new AppError(ErrorCode.DEAL_STATE, { dealId: body.dealId, state: deal.state });
      const fields: FieldError[] = [];
      for (const side of ['landlord', 'tenant'] as const) {
        const party: AgreementParty = body[side];
        if (!validIdNumber(party.idType, party.idNumber)) fields.push({ path: `body.${side}.idNumber`, message: 'agreements.field.idNumber' });
      }
      if (fields.length) throw new AppError(ErrorCode.VALIDATION, { dealId: body.dealId }, fields);
      if (await repository.findByDeal(deal.id)) throw new AppError(ErrorCode.CONFLICT, { dealId: deal.id, reason: 'agreement exists' });
      const row = await repository.insert(
        agreementValues(caller.userId, { ...deal, dealId: deal.id, startDate: deal.moveInDate }, body, {
          landlord: sealedParty(body.landlord),
          tenant: sealedParty(body.tenant),
        }),
      );
      try {
        await deals.command(deal.id, caller, 'SEND_AGREEMENT', {});
      } catch (error) {
        // The deal moved on meanwhile (its hold lapsed, a party cancelled): no agreement without it.
        await repository.remove(row.id);
        throw error;
      }
      return view(row, deal.role);
    },

    /**
     * A tenancy found elsewhere: the caller (landlord or tenant, `body.role`) invites the other party's phone with
     * the home, the terms and their own details. The invitee's account is found or made for that phone and told
     * (SMS too) with a link to the invitation on their side's page.
     */
    async invite(caller: Caller, body: CreateInvitationBody): Promise<AgreementInvitation> {
      const phone = normalizePhone(body.phone);
      const fields: FieldError[] = [...idNumberError('body.party.idNumber', body.party)];
      if (!phone) fields.push({ path: 'body.phone', message: 'agreements.field.phone' });
      const today = malaysiaDay(clock().toISOString());
      if (body.startDate < today || Number.isNaN(new Date(`${body.startDate}T00:00:00Z`).getTime()))
        fields.push({ path: 'body.startDate', message: 'agreements.field.startDate' });
      if (fields.length) throw new AppError(ErrorCode.VALIDATION, {}, fields);
      const inviter = await repository.person(caller.userId);
      if (!inviter) throw notFound({ userId: caller.userId });
      if (inviter.phone === phone)
        throw new AppError(
          ErrorCode.VALIDATION,
          { reason: 'own phone' },
          [{ path: 'body.phone', message: 'agreements.invite.self' }],
          'agreements.invite.self',
        );
      const invitee = await repository.findOrInviteUser(phone!, inviter.language);
      const party = sealedParty(body.party);
      const row = await repository.insertInvitation({
        inviterId: caller.userId,
        inviterRole: body.role,
        inviteeId: invitee.id,
        language: body.language,
        propertyName: body.propertyName,
        address: body.address,
        startDate: body.startDate,
        tenancyMonths: body.tenancyMonths,
        monthlyRent: body.monthlyRent,
        occupants: body.occupants,
        utilities: [...new Set(body.utilities)],
        houseRules: body.houseRules,
        inviterName: party.name,
        inviterIdType: party.idType,
        inviterIdSealed: party.idSealed,
        inviterIdLast4: party.idLast4,
        expiresAt: new Date(clock().getTime() + BUSINESS.agreement.invitationDays * 86_400_000),
      });
      await notices.send({
        type: agreementInvited,
        recipientId: invitee.id,
        link: { route: body.role === 'LANDLORD' ? 'taInitiateTenant' : 'taInitiateLandlord', query: { invitation: row.id } },
        params: { inviter: party.name, listing: body.propertyName, role: body.role },
        key: `agreements:invited:${row.id}`,
      });
      return invitationView(row, 'INVITER', phone!);
    },

    /** The caller's invitations, sent and received. */
    async invitations(caller: Caller): Promise<AgreementInvitation[]> {
      const rows = await repository.invitationsOf(caller.userId);
      return Promise.all(
        rows.map(async (row) =>
          invitationView(row, row.inviterId === caller.userId ? 'INVITER' : 'INVITEE', (await repository.person(row.inviteeId))?.phone ?? ''),
        ),
      );
    },

    async invitation(id: string, caller: Caller): Promise<AgreementInvitation> {
      const { row, viewer, phone } = await loadInvitation(id, caller);
      return invitationView(row, viewer, phone);
    },

    /**
     * The invitee accepts with their own details: the deal without a listing is opened at AGREEMENT and its
     * agreement drawn up from the invitation's terms, to be signed with codes as any other. Only the invited phone's
     * account may accept (403), once (409), before it lapses (410).
     */
    async accept(id: string, caller: Caller, body: AcceptInvitationBody): Promise<Agreement> {
      const { row, viewer } = await loadInvitation(id, caller);
      if (viewer !== 'INVITEE') throw new AppError(ErrorCode.FORBIDDEN, { invitationId: id });
      if (row.status !== 'PENDING') throw new AppError(ErrorCode.CONFLICT, { invitationId: id }, undefined, 'agreements.invite.answered');
      if (invitationStatus(row) === 'EXPIRED') throw new AppError(ErrorCode.GONE, { invitationId: id }, undefined, 'agreements.invite.expired');
      const fields = idNumberError('body.party.idNumber', body.party);
      if (fields.length) throw new AppError(ErrorCode.VALIDATION, { invitationId: id }, fields);
      const claimed = await repository.claimInvitation(id, caller.userId, clock());
      if (!claimed) throw new AppError(ErrorCode.CONFLICT, { invitationId: id }, undefined, 'agreements.invite.answered');
      const inviteeRole = row.inviterRole === 'LANDLORD' ? 'TENANT' : 'LANDLORD';
      const landlordId = row.inviterRole === 'LANDLORD' ? row.inviterId : row.inviteeId;
      const tenantId = row.inviterRole === 'TENANT' ? row.inviterId : row.inviteeId;
      const inviterParty: SealedParty = {
        name: row.inviterName,
        idType: row.inviterIdType,
        idSealed: row.inviterIdSealed,
        idLast4: row.inviterIdLast4,
      };
      const inviteeParty = sealedParty(body.party);
      let agreement: AgreementRow;
      try {
        const terms = {
          landlordId,
          tenantId,
          propertyName: row.propertyName,
          tenancyMonths: row.tenancyMonths,
          monthlyRent: row.monthlyRent,
          occupants: row.occupants,
        };
        const deal = await deals.openInvited({ userId: caller.userId, role: inviteeRole }, { ...terms, moveInDate: row.startDate });
        agreement = await repository.insert(
          agreementValues(row.inviterId, { ...terms, dealId: deal.id, startDate: row.startDate }, row, {
            landlord: row.inviterRole === 'LANDLORD' ? inviterParty : inviteeParty,
            tenant: row.inviterRole === 'TENANT' ? inviterParty : inviteeParty,
          }),
        );
        await repository.setInvitationDeal(row.id, deal.id);
      } catch (error) {
        await repository.releaseInvitation(row.id);
        throw error;
      }
      return view(agreement, inviteeRole);
    },

    async get(id: string, caller: Caller): Promise<Agreement> {
      const { row, role } = await load(id, caller);
      return view(row, role);
    },

    async ofDeal(dealId: string, caller: Caller): Promise<Agreement> {
      const row = await repository.findByDeal(dealId);
      if (!row) throw notFound({ dealId });
      return this.get(row.id, caller);
    },

    /** The PDF: the signed one exactly as stored (its hash checked), or the draft drawn now. */
    async pdf(id: string, caller: Caller): Promise<{ bytes: Buffer; sha256: string | null; filename: string }> {
      const { row } = await load(id, caller);
      const filename = `kunci-tenancy-agreement-${row.id.slice(0, 8)}${row.status === 'SIGNED' ? '' : '-draft'}.pdf`;
      if (row.status === 'SIGNED' && row.pdfKey) {
        const file = await store.get(row.pdfKey);
        if (!file) throw notFound({ agreementId: id, reason: 'signed file missing' });
        const bytes = sealer.open(await readAll(file.body));
        if (createHash('sha256').update(bytes).digest('hex') !== row.pdfSha256) {
          throw new AppError(ErrorCode.INTERNAL, { agreementId: id, reason: 'signed PDF does not match its SHA-256' });
        }
        return { bytes, sha256: row.pdfSha256, filename };
      }
      const deal = await deals.agreementFacts(row.dealId, caller);
      return { bytes: await agreementPdf(await documentOf(row, deal.bookingFeeSen)), sha256: null, filename };
    },

    /** Sends the caller a one-time code to sign with (a new one replaces the last). */
    async sendCode(id: string, caller: Caller): Promise<SigningCode> {
      const { row, role } = await load(id, caller);
      if (role === 'STAFF') throw new AppError(ErrorCode.FORBIDDEN, { agreementId: id });
      if (!view(row, role).viewerMaySign) throw new AppError(ErrorCode.DEAL_STATE, { agreementId: id, status: row.status });
      const person = await repository.person(caller.userId);
      if (!person) throw notFound({ userId: caller.userId });
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(clock().getTime() + BUSINESS.agreement.codeMinutes * 60_000);
      await repository.newCode({ agreementId: row.id, userId: caller.userId, codeHash: codeHash(row.id, caller.userId, code), expiresAt });
      const t = translatorFor(fromStoredLanguage(person.language));
      await messenger.sms(person.phone, t('agreements.code.sms', { listing: row.propertyName, code, minutes: BUSINESS.agreement.codeMinutes }));
      return { sentTo: maskId(person.phone), expiresAt: expiresAt.toISOString() };
    },

    /** Signs with the code; the second signature seals the PDF and moves the deal to SIGNED. */
    async sign(id: string, caller: Caller, code: string): Promise<Agreement> {
      const { row, role } = await load(id, caller);
      if (role === 'STAFF') throw new AppError(ErrorCode.FORBIDDEN, { agreementId: id });
      if (!view(row, role).viewerMaySign) throw new AppError(ErrorCode.DEAL_STATE, { agreementId: id, status: row.status });
      const deal = await deals.agreementFacts(row.dealId, caller);
      if (deal.state !== 'AGREEMENT') throw new AppError(ErrorCode.DEAL_STATE, { dealId: deal.id, state: deal.state });
      const live = await repository.liveCode(row.id, caller.userId, clock());
      if (!live) throw new AppError(ErrorCode.VALIDATION, { agreementId: id }, [{ path: 'body.code', message: 'agreements.field.noCode' }]);
      const given = Buffer.from(codeHash(row.id, caller.userId, code));
      if (!timingSafeEqual(given, Buffer.from(live.codeHash))) {
        await repository.failedTry(live.id, BUSINESS.agreement.codeAttempts);
        throw new AppError(ErrorCode.VALIDATION, { agreementId: id }, [{ path: 'body.code', message: 'agreements.field.code' }]);
      }
      if (!(await repository.useCode(live.id)))
        throw new AppError(ErrorCode.VALIDATION, { agreementId: id }, [{ path: 'body.code', message: 'agreements.field.code' }]);
      const signed = await repository.sign(row.id, role, clock());
      let current = signed!.row;
      if (current.landlordSignedAt && current.tenantSignedAt && current.status === 'SIGNING') current = await seal(current, deal.bookingFeeSen);
      return view(current, role);
    },
  };
}
export type AgreementsService = ReturnType<typeof createAgreementsService>;
