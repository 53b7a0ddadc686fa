import { createHmac, timingSafeEqual } from 'node:crypto';
import { BUSINESS, isZeroDepositEligible } from '@kunci/contracts/business';
import type { Deal } from '@kunci/contracts/deals';
import { ErrorCode } from '@kunci/contracts/errors';
import type { ListingType } from '@kunci/contracts/reference';
import {
  maskNric,
  normaliseNric,
  REQUIRED_DOCUMENTS,
  type AddDocumentBody,
  type DealScreening,
  type JustificationDecision,
  type JustificationDecisionBody,
  type MarketPriceDecision,
  type MarketPriceJustification,
  type PendingJustificationPage,
  type PendingMarketPricePage,
  type RamciConsentBody,
  type RamciStatus,
  type RamciSubmitBody,
  type ScreeningCondition,
  type ScreeningDocument,
  type ScreeningDocumentKind,
  type ScreeningProfile,
  type SecurityQuestion,
  type VerifyDocumentsBody,
  type ZeroDepositDecision,
  type ZeroDepositJustification,
  type ZeroDepositJustificationBody,
} from '@kunci/contracts/screening';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';
import { ImageRejectedError, inspectImage } from '@kunci/media/images';
import type { MediaStore } from '@kunci/media/store';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { NoticeSender } from '../../lib/notices.ts';
import { readAll } from '../../lib/uploads.ts';
import { BureauError, type CreditBureau } from './credit-bureau.ts';
import { sniffDocument, type Sealer } from './private-files.ts';
import { documentRefused, justificationDecided, marketPriceDecided } from './screening-notices.ts';
import type { CreditCheckRow, DocumentRow, JustificationRow, ScreeningRepository } from './screening.repository.ts';

/** What screening needs of deals: the verdict through the deal rules (a failed screening refunds the fee) and the deal's view. */
export interface ScreeningDeals {
  verdict(dealId: string, passed: boolean, by: { userId: string } | 'SYSTEM', note: string | null): Promise<void>;
  view(dealId: string, caller: { userId: string; moderator: boolean }): Promise<Deal>;
}
/** The comparable live rents of a listing (listing management's price statistics). */
export type ComparableRents = (listing: {
  landmarkId: number | null;
  areaSlug: string | null;
  type: string;
  bedroom: number | null;
}) => Promise<{ median: number | null; count: number }>;

/** A signed-in caller; `staff`: back-office staff who verify documents and may ask for signed reads. */
export interface ScreeningCaller {
  userId: string;
  staff: boolean;
  /** A staff session that confirmed with a PIN recently: reading someone's document is a sensitive action. */
  confirmed?: boolean;
}
export type PrivateFileKind = 'DEAL_DOCUMENT' | 'PRIVATE_FILE';

export interface ScreeningServiceOptions {
  repository: ScreeningRepository;
  store: MediaStore;
  sealer: Sealer;
  bureau: CreditBureau;
  deals: ScreeningDeals;
  comparableRents: ComparableRents;
  /** The notification centre: a refused document is told to the tenant. */
  notices: NoticeSender;
  secret: string;
  clock?: () => Date;
}

/** The states in which a deal takes screening documents and a credit check. */
const OPEN_STATES = ['BOOKED', 'SCREENING'];
const unknownBureauError = (context: Record<string, unknown>) => new AppError(ErrorCode.UNAVAILABLE, context, undefined, 'screening.error.unknown');

export function createScreeningService(options: ScreeningServiceOptions) {
  const { repository, store, sealer, bureau, deals, comparableRents, notices, secret, clock = () => new Date() } = options;

  const readSignature = (kind: PrivateFileKind, fileId: string, readerId: string, expires: number) =>
    createHmac('sha256', secret).update(`private-read:${kind}:${fileId}:${readerId}:${expires}`).digest('base64url');

  /** Checks a signature in constant time. */
  const signatureMatches = (given: string, expected: string) =>
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

  async function loadDeal(dealId: string, caller: ScreeningCaller) {
    const deal = await repository.deal(dealId);
    if (!deal) throw notFound({ dealId });
    const role = caller.userId === deal.tenantId ? 'TENANT' : caller.staff ? 'STAFF' : caller.userId === deal.landlordId ? 'LANDLORD' : null;
    if (!role) throw new AppError(ErrorCode.FORBIDDEN, { dealId });
    return { deal, role };
  }

  function documentView(row: DocumentRow): ScreeningDocument {
    return {
      id: row.id,
      dealId: row.dealId,
      ownerId: row.ownerId,
      kind: row.kind as ScreeningDocumentKind,
      status: row.status,
      contentType: row.contentType,
      bytes: row.bytes,
      fileUrl: row.storageKey ? `/api/documents/${row.id}/file` : null,
      refusalReason: row.status === 'REJECTED' ? row.refusalReason : null,
      createdAt: row.createdAt.toISOString(),
      uploadedAt: row.uploadedAt?.toISOString() ?? null,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  }

  function creditView(row: CreditCheckRow | undefined): RamciStatus {
    if (!row) return { state: 'NONE', outcome: null, nric: null, name: null, checkedAt: null, reason: null };
    return {
      state: row.state,
      outcome: row.outcome,
      nric: row.nricMasked,
      name: row.name,
      checkedAt: row.checkedAt?.toISOString() ?? null,
      reason: row.state === 'FAIL' ? 'screening.credit.failReason' : row.state === 'CONSENT_FAIL' ? 'screening.credit.consentFailReason' : null,
    };
  }

  /**
   * The zero-deposit decision from the rent band, the credit result and the documents: rejected on a failed
   * credit report; approved once the report passed and staff verified every required document (with conditions
   * when the rent is outside the zero-deposit band); otherwise pending, saying what is still needed.
   */
  function decide(input: {
    profile: ScreeningProfile | null;
    documents: DocumentRow[];
    credit: CreditCheckRow | undefined;
    eligible: boolean;
    /** Staff accepted the tenant's zero-deposit justification: a failed report no longer rejects, it makes conditions. */
    justified: boolean;
  }): {
    decision: ZeroDepositDecision;
    conditions: ScreeningCondition[];
    requirements: DealScreening['requirements'];
  } {
    const requirements = (input.profile ? REQUIRED_DOCUMENTS[input.profile] : []).map((requirement) => {
      const mine = input.documents.filter((document) => (requirement.kinds as readonly string[]).includes(document.kind));
      return {
        id: requirement.id,
        kinds: [...requirement.kinds],
        count: requirement.count,
        uploaded: mine.filter((document) => document.status === 'UPLOADED' || document.status === 'VERIFIED').length,
        verified: mine.filter((document) => document.status === 'VERIFIED').length,
      };
    });
    const creditFailed = input.credit?.outcome === 'FAIL';
    if (creditFailed && !input.justified) return { decision: 'REJECTED', conditions: ['CREDIT_FAILED'], requirements };
    const pending: ScreeningCondition[] = [];
    if (input.credit?.outcome !== 'SUCCESS' && !creditFailed) pending.push('CREDIT_CHECK_MISSING');
    if (!input.profile || requirements.some((requirement) => requirement.uploaded < requirement.count)) pending.push('DOCUMENTS_MISSING');
    if (input.documents.some((document) => document.status === 'REJECTED')) pending.push('DOCUMENTS_REFUSED');
    if (!pending.includes('DOCUMENTS_MISSING') && requirements.some((requirement) => requirement.verified < requirement.count))
      pending.push('DOCUMENTS_UNDER_REVIEW');
    if (pending.length) return { decision: 'PENDING', conditions: pending, requirements };
    const conditions: ScreeningCondition[] = [
      ...(creditFailed ? (['CREDIT_JUSTIFIED'] as const) : []),
      ...(input.eligible ? [] : (['RENT_OUTSIDE_BAND'] as const)),
    ];
    return { decision: conditions.length ? 'APPROVED_WITH_CONDITIONS' : 'APPROVED', conditions, requirements };
  }

  /** The deal's screening as the tenant and staff see it, the decision worked out afresh. */
  async function screeningOf(dealId: string): Promise<{ view: DealScreening; dealState: string }> {
    const deal = (await repository.deal(dealId))!;
    const [screening, documents] = await Promise.all([repository.screening(dealId), repository.documentsOfDeal(dealId)]);
    const credit = screening?.creditCheckId ? await repository.creditCheckById(screening.creditCheckId) : undefined;
    const eligible = isZeroDepositEligible(deal.propertyType as ListingType, deal.monthlyRent);
    const profile = (screening?.profile as ScreeningProfile | undefined) ?? null;
    const justified = credit?.outcome === 'FAIL' && (await repository.hasAcceptedJustification(deal.tenantId));
    const { decision, conditions, requirements } = decide({ profile, documents, credit, eligible, justified });
    return {
      dealState: deal.state,
      view: {
        dealId,
        profile,
        requirements,
        documents: documents.map(documentView),
        credit: creditView(credit),
        eligible,
        decision,
        conditions,
      },
    };
  }

  /**
   * Works the decision out again after anything changed and applies it to the deal through the deal rules: a
   * rejection ends it (the booking fee refunded), an approval passes screening once the tenant sent the documents.
   */
  async function settle(dealId: string): Promise<DealScreening> {
    const { view, dealState } = await screeningOf(dealId);
    if (view.profile) {
      const decided = view.decision === 'PENDING' ? null : view.decision;
      const saved = await repository.screening(dealId);
      if (saved && (saved.decision !== decided || JSON.stringify(saved.conditions) !== JSON.stringify(view.conditions))) {
        await repository.saveScreening({
          dealId,
          profile: view.profile,
          creditCheckId: saved.creditCheckId,
          decision: decided,
          conditions: view.conditions,
          decidedAt: decided ? clock() : null,
        });
      }
    }
    if (view.decision === 'REJECTED' && OPEN_STATES.includes(dealState)) await deals.verdict(dealId, false, 'SYSTEM', 'credit report failed');
    if ((view.decision === 'APPROVED' || view.decision === 'APPROVED_WITH_CONDITIONS') && dealState === 'SCREENING') {
      await deals.verdict(dealId, true, 'SYSTEM', view.conditions.join(',') || null);
    }
    return view;
  }

  /** A PDF, JPEG or PNG within the size limit, checked by its bytes (pictures by their header, as listing photos). */
  async function checkFile(bytes: Buffer, declared: string | null, context: Record<string, unknown>): Promise<string> {
    if (bytes.length > BUSINESS.screening.documentMaxBytes) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { ...context, bytes: bytes.length });
    const sniffed = sniffDocument(bytes);
    if (!sniffed || (declared && declared !== sniffed)) throw new AppError(ErrorCode.INVALID_DOCUMENT, { ...context, declared, sniffed });
    if (sniffed !== 'application/pdf') {
      try {
        await inspectImage(bytes, 'listing');
      } catch (error) {
        if (error instanceof ImageRejectedError) throw new AppError(ErrorCode.INVALID_DOCUMENT, { ...context, reason: error.reason });
        throw error;
      }
    }
    return sniffed;
  }

  /** Seals and stores a private file (no extension: the public media route serves nothing under these keys). */
  async function putSealed(key: string, bytes: Buffer): Promise<void> {
    await store.put(key, sealer.seal(bytes), 'application/octet-stream');
  }

  async function getOpened(key: string): Promise<Buffer> {
    const file = await store.get(key);
    if (!file) throw notFound({ key, reason: 'no file' });
    return sealer.open(await readAll(file.body));
  }

  async function storePrivateFile(ownerId: string, purpose: 'IC_FRONT' | 'IC_BACK' | 'JUSTIFICATION', bytes: Buffer, declared: string | null) {
    const contentType = await checkFile(bytes, declared, { purpose });
    // An IC is photographed: its front and back are pictures, never a PDF.
    if (purpose !== 'JUSTIFICATION' && contentType === 'application/pdf') throw new AppError(ErrorCode.INVALID_IMAGE, { ownerId, purpose });
    const id = crypto.randomUUID();
    const key = `private/files/${ownerId}/${id}`;
    await putSealed(key, bytes);
    return repository.insertFile({ id, ownerId, purpose, storageKey: key, contentType, bytes: bytes.length });
  }

  /** The file behind a private read, and who owns it. */
  async function fileOf(kind: PrivateFileKind, fileId: string) {
    if (kind === 'DEAL_DOCUMENT') {
      const document = await repository.findDocument(fileId);
      if (!document?.storageKey) return null;
      return { ownerId: document.ownerId, key: document.storageKey, contentType: document.contentType ?? 'application/octet-stream' };
    }
    const file = await repository.findFile(fileId);
    return file ? { ownerId: file.ownerId, key: file.storageKey, contentType: file.contentType } : null;
  }

  /** The owner's own read of a private file (recorded like every read). */
  async function readOwn(kind: PrivateFileKind, fileId: string, caller: ScreeningCaller): Promise<{ contentType: string; bytes: Buffer }> {
    const file = await fileOf(kind, fileId);
    if (!file) throw notFound({ fileId });
    if (file.ownerId !== caller.userId) throw new AppError(ErrorCode.FORBIDDEN, { fileId });
    const bytes = await getOpened(file.key);
    await repository.recordRead({ fileKind: kind, fileId, readerId: caller.userId, via: 'OWNER' });
    return { contentType: file.contentType, bytes };
  }

  const justificationView = (row: JustificationRow): ZeroDepositJustification => ({
    id: row.id,
    dealId: row.dealId,
    reason: row.reason,
    files: row.fileIds.length,
    status: row.status,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
  });

  /**
   * Staff decide a pending justification once, with its audit row (`<action>.accept` or `.refuse`) in the same
   * transaction: one not found is a 404, one decided already a conflict.
   */
  function decideOnce<T extends { status: string }>(
    id: string,
    staff: ScreeningCaller & { role: string },
    body: JustificationDecisionBody,
    at: Date,
    kind: {
      decide: (
        tx: ScreeningRepository,
        values: { status: JustificationDecisionBody['status']; reviewNote: string; reviewedBy: string; reviewedAt: Date },
      ) => Promise<T | undefined>;
      find: (tx: ScreeningRepository) => Promise<{ status: string } | undefined>;
      action: string;
      targetType: string;
      about: (decided: T) => Record<string, unknown>;
    },
  ): Promise<T> {
    return repository.transaction(async (tx) => {
      const decided = await kind.decide(tx, { status: body.status, reviewNote: body.note, reviewedBy: staff.userId, reviewedAt: at });
      if (!decided) {
        const existing = await kind.find(tx);
        if (!existing) throw notFound({ id });
        throw new AppError(ErrorCode.CONFLICT, { id, status: existing.status }, undefined, 'screening.justification.decided');
      }
      await tx.audit.record({
        actor: { id: staff.userId, role: staff.role },
        action: `${kind.action}.${body.status === 'ACCEPTED' ? 'accept' : 'refuse'}`,
        targetType: kind.targetType,
        targetId: id,
        reason: body.note,
        before: { status: 'PENDING', ...kind.about(decided) },
        after: { status: decided.status, ...kind.about(decided) },
      });
      return decided;
    });
  }

  const decodeBase64 = (text: string) => Buffer.from(text.replace(/^data:[^;]+;base64,/, ''), 'base64');

  return {
    // ---- Documents ----------------------------------------------------------------------------------------------

    async screening(dealId: string, caller: ScreeningCaller): Promise<DealScreening> {
      const { role } = await loadDeal(dealId, caller);
      if (role === 'LANDLORD') throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      return (await screeningOf(dealId)).view;
    },

    /** The tenant states their profile (which documents they hand in); it can change until screening is decided. */
    async setProfile(dealId: string, caller: ScreeningCaller, profile: ScreeningProfile): Promise<DealScreening> {
      const { deal, role } = await loadDeal(dealId, caller);
      if (role !== 'TENANT') throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      if (!OPEN_STATES.includes(deal.state)) throw new AppError(ErrorCode.DEAL_STATE, { dealId, state: deal.state });
      const saved = await repository.screening(dealId);
      await repository.saveScreening({ dealId, profile, creditCheckId: saved?.creditCheckId ?? null, conditions: saved?.conditions ?? [] });
      return settle(dealId);
    },

    async addDocument(dealId: string, caller: ScreeningCaller, body: AddDocumentBody): Promise<ScreeningDocument> {
      const { deal, role } = await loadDeal(dealId, caller);
      if (role !== 'TENANT') throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      if (!OPEN_STATES.includes(deal.state)) throw new AppError(ErrorCode.DEAL_STATE, { dealId, state: deal.state });
      if (body.profile) {
        const saved = await repository.screening(dealId);
        await repository.saveScreening({
          dealId,
          profile: body.profile,
          creditCheckId: saved?.creditCheckId ?? null,
          conditions: saved?.conditions ?? [],
        });
      }
      return documentView(await repository.insertDocument({ dealId, ownerId: caller.userId, kind: body.kind }));
    },

    /**
     * Stores a document's file sealed: the owner only, while the deal takes documents; a refused one is replaced
     * this way (its reason cleared, back to staff). A verified one stays as verified.
     */
    async upload(documentId: string, caller: ScreeningCaller, declared: string, bytes: Buffer): Promise<ScreeningDocument> {
      const document = await repository.findDocument(documentId);
      if (!document) throw notFound({ documentId });
      if (document.ownerId !== caller.userId) throw new AppError(ErrorCode.FORBIDDEN, { documentId });
      const deal = await repository.deal(document.dealId);
      if (!deal || !OPEN_STATES.includes(deal.state)) throw new AppError(ErrorCode.DEAL_STATE, { documentId, state: deal?.state });
      if (document.status === 'VERIFIED') throw new AppError(ErrorCode.CONFLICT, { documentId, status: document.status });
      const contentType = await checkFile(bytes, declared, { documentId });
      const key = `private/deal-documents/${document.dealId}/${document.id}`;
      await putSealed(key, bytes);
      const updated = await repository.updateDocument(document.id, {
        storageKey: key,
        contentType,
        bytes: bytes.length,
        status: 'UPLOADED',
        uploadedAt: clock(),
        refusalReason: null,
        reviewedAt: null,
        reviewedBy: null,
      });
      await settle(document.dealId);
      return documentView(updated);
    },

    async documentsOf(userId: string): Promise<ScreeningDocument[]> {
      return (await repository.documentsOfUser(userId)).map(documentView);
    },

    /**
     * Staff's verdict: per document (a refused one needs its reason, and the tenant replaces it), after which the
     * decision is worked out again; or, as before, on the whole deal at once (`decision`).
     */
    async verify(
      dealId: string,
      caller: ScreeningCaller,
      body: VerifyDocumentsBody | { decision: 'APPROVED' | 'REJECTED'; note?: string | undefined },
    ) {
      const { deal } = await loadDeal(dealId, caller);
      if (!caller.staff) throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      if (deal.state !== 'SCREENING') throw new AppError(ErrorCode.DEAL_STATE, { dealId, state: deal.state });
      const documents = await repository.documentsOfDeal(dealId);
      const now = clock();
      if ('decision' in body) {
        const status = body.decision === 'APPROVED' ? 'VERIFIED' : 'REJECTED';
        for (const document of documents.filter((candidate) => candidate.status === 'UPLOADED')) {
          await repository.updateDocument(document.id, {
            status,
            reviewedBy: caller.userId,
            reviewedAt: now,
            refusalReason: status === 'REJECTED' ? (body.note ?? null) : null,
          });
        }
        await deals.verdict(dealId, body.decision === 'APPROVED', { userId: caller.userId }, body.note ?? null);
      } else {
        const fields = body.documents.flatMap((verdict, index) =>
          verdict.status === 'REJECTED' && !verdict.reason
            ? [{ path: `body.documents.${index}.reason`, message: 'screening.verify.reasonRequired' }]
            : [],
        );
        if (fields.length) throw new AppError(ErrorCode.VALIDATION, { dealId }, fields, 'screening.verify.reasonRequired');
        for (const verdict of body.documents) {
          const document = documents.find((candidate) => candidate.id === verdict.id);
          if (!document?.storageKey) throw notFound({ dealId, documentId: verdict.id });
          await repository.updateDocument(document.id, {
            status: verdict.status,
            reviewedBy: caller.userId,
            reviewedAt: now,
            refusalReason: verdict.status === 'REJECTED' ? verdict.reason! : null,
          });
          if (verdict.status === 'REJECTED') {
            await notices.send({
              type: documentRefused,
              recipientId: document.ownerId,
              link: { route: 'deal', query: { id: dealId } },
              params: { kind: document.kind, reason: verdict.reason! },
              key: `screening:refused:${document.id}:${now.getTime()}`,
            });
          }
        }
        await settle(dealId);
      }
      return deals.view(dealId, { userId: caller.userId, moderator: true });
    },

    /**
     * For back-office pages: a signed read of a private file for one staff member, valid
     * `BUSINESS.screening.signedReadSeconds`. The URL only works for that staff member, signed in.
     */
    async signedRead(kind: PrivateFileKind, fileId: string, staff: ScreeningCaller): Promise<{ url: string; expiresAt: string }> {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, { fileId });
      if (!(await fileOf(kind, fileId))) throw notFound({ fileId });
      const expires = Math.floor(clock().getTime() / 1000) + BUSINESS.screening.signedReadSeconds;
      const path = kind === 'DEAL_DOCUMENT' ? `/api/documents/${fileId}/file` : `/api/private-files/${fileId}`;
      return {
        url: `${path}?expires=${expires}&signature=${readSignature(kind, fileId, staff.userId, expires)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** Serves a read: the owner's own, or staff holding an unexpired signed read made for them. Every read is recorded. */
    async read(
      kind: PrivateFileKind,
      fileId: string,
      caller: ScreeningCaller,
      signed: { expires?: number | undefined; signature?: string | undefined },
    ): Promise<{ contentType: string; bytes: Buffer }> {
      const file = await fileOf(kind, fileId);
      if (!file) throw notFound({ fileId });
      if (file.ownerId === caller.userId) return readOwn(kind, fileId, caller);
      const valid =
        caller.staff &&
        signed.expires !== undefined &&
        signed.signature !== undefined &&
        signed.expires * 1000 > clock().getTime() &&
        signatureMatches(signed.signature, readSignature(kind, fileId, caller.userId, signed.expires));
      if (!valid) throw new AppError(ErrorCode.FORBIDDEN, { fileId, signed: Boolean(signed.signature) });
      if (!caller.confirmed) throw new AppError(ErrorCode.STAFF_CONFIRMATION_REQUIRED, { fileId, userId: caller.userId });
      const bytes = await getOpened(file.key);
      await repository.recordRead({ fileKind: kind, fileId, readerId: caller.userId, via: 'STAFF' });
      return { contentType: file.contentType, bytes };
    },

    /** For back-office pages: who read a deal's documents and its tenant's IC photos, newest first. */
    async readLog(dealId: string, staff: ScreeningCaller) {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      const deal = await repository.deal(dealId);
      if (!deal) throw notFound({ dealId });
      const documents = await repository.documentsOfDeal(dealId);
      const credit = await repository.creditCheck(deal.tenantId);
      const ids = [...documents.map((document) => document.id), ...[credit?.icFrontId, credit?.icBackId].filter((id): id is string => Boolean(id))];
      return (await repository.reads(ids)).map((read) => ({
        fileKind: read.fileKind,
        fileId: read.fileId,
        readerId: read.readerId,
        via: read.via,
        readAt: read.readAt.toISOString(),
      }));
    },

    /** For back-office pages: the IC photos of a tenant's credit check (ids for `signedRead` with kind PRIVATE_FILE). */
    async icPhotos(userId: string, staff: ScreeningCaller) {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, { userId });
      const credit = await repository.creditCheck(userId);
      return { icFrontId: credit?.icFrontId ?? null, icBackId: credit?.icBackId ?? null };
    },

    // ---- Credit check (RAMCI) ------------------------------------------------------------------------------------

    questions(language: Language): SecurityQuestion[] {
      const t = translatorFor(language);
      return bureau.questions().map((question) => ({
        id: question.id,
        text: t(`screening.q.${question.id}` as MessageKey),
        options: question.options.map((option) => ({
          id: option.id,
          text: option.label ?? t(`screening.q.${question.id}.option` as MessageKey, { option: option.id }),
        })),
      }));
    },

    /** The answers are checked with the bureau (wrong: 612); right, the check waits for consent with the IC photos. */
    async submit(userId: string, body: RamciSubmitBody): Promise<RamciStatus> {
      const nric = normaliseNric(body.nric)!;
      const existing = await repository.creditCheck(userId);
      // The bureau's report stands once given: a booking's decision rests on it.
      if (existing?.outcome) throw new AppError(ErrorCode.CONFLICT, { userId, state: existing.state }, undefined, 'screening.credit.decided');
      let right: boolean;
      try {
        right = await bureau.verifyAnswers(nric, body.securityQuestions);
      } catch (error) {
        if (error instanceof BureauError) throw unknownBureauError({ userId, bureau: bureau.name });
        throw error;
      }
      if (!right) {
        if (existing) await repository.updateCreditCheck(existing.id, { wrongAnswers: existing.wrongAnswers + 1 });
        throw new AppError(ErrorCode.SECURITY_ANSWERS_INCORRECT, { userId });
      }
      const saved = await repository.saveCreditCheck({
        userId,
        name: body.name,
        email: body.email,
        phone: body.phone,
        nricCipher: sealer.sealText(nric),
        nricMasked: maskNric(nric),
        state: 'PENDING',
        outcome: null,
        score: null,
        bureauRef: null,
        checkedAt: null,
        icFrontId: null,
        icBackId: null,
      });
      return creditView(saved);
    },

    /** Consent with the IC's front and back: stored sealed (consent updated), then the bureau's report (success or fail), or consent fail. */
    async consent(userId: string, body: RamciConsentBody): Promise<RamciStatus> {
      const check = await repository.creditCheck(userId);
      if (!check || check.state === 'SUCCESS' || check.state === 'FAIL') {
        throw new AppError(ErrorCode.CONFLICT, { userId, state: check?.state ?? 'NONE' }, undefined, 'screening.credit.answerFirst');
      }
      const nric = normaliseNric(body.nric)!;
      if (sealer.openText(check.nricCipher) !== nric) {
        throw new AppError(ErrorCode.VALIDATION, { userId }, [{ path: 'body.nric', message: 'screening.nric.mismatch' }], 'screening.nric.mismatch');
      }
      const icFront = decodeBase64(body.icFront);
      const icBack = decodeBase64(body.icBack);
      const front = await storePrivateFile(userId, 'IC_FRONT', icFront, null);
      const back = await storePrivateFile(userId, 'IC_BACK', icBack, null);
      await repository.updateCreditCheck(check.id, { state: 'CONSENT_UPDATED', icFrontId: front.id, icBackId: back.id });
      let updated: CreditCheckRow;
      try {
        const report = await bureau.report(nric, { icFront, icBack });
        updated =
          report.kind === 'CONSENT_FAIL'
            ? await repository.updateCreditCheck(check.id, { state: 'CONSENT_FAIL' })
            : await repository.updateCreditCheck(check.id, {
                state: report.outcome,
                outcome: report.outcome,
                score: report.score,
                bureauRef: report.reference,
                checkedAt: clock(),
              });
      } catch (error) {
        if (error instanceof BureauError) throw unknownBureauError({ userId, bureau: bureau.name });
        throw error;
      }
      return creditView(updated);
    },

    async status(userId: string): Promise<RamciStatus> {
      return creditView(await repository.creditCheck(userId));
    },

    /** `POST /api/deals/{id}/ramci`: the tenant's credit check counts for the deal; the decision follows. */
    async attachCredit(dealId: string, caller: ScreeningCaller): Promise<DealScreening> {
      const { deal, role } = await loadDeal(dealId, caller);
      if (role !== 'TENANT') throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      if (!OPEN_STATES.includes(deal.state)) throw new AppError(ErrorCode.DEAL_STATE, { dealId, state: deal.state });
      const check = await repository.creditCheck(caller.userId);
      if (!check?.outcome) throw new AppError(ErrorCode.CONFLICT, { dealId, state: check?.state ?? 'NONE' }, undefined, 'screening.credit.notDone');
      const saved = await repository.screening(dealId);
      if (!saved) throw new AppError(ErrorCode.CONFLICT, { dealId }, undefined, 'screening.profile.missing');
      await repository.saveScreening({ dealId, profile: saved.profile, creditCheckId: check.id, conditions: saved.conditions });
      return settle(dealId);
    },

    // ---- Justifications -----------------------------------------------------------------------------------------

    async justifyZeroDeposit(userId: string, body: ZeroDepositJustificationBody): Promise<ZeroDepositJustification> {
      if (body.dealId) {
        const deal = await repository.deal(body.dealId);
        if (!deal) throw notFound({ dealId: body.dealId });
        if (deal.tenantId !== userId) throw new AppError(ErrorCode.FORBIDDEN, { dealId: body.dealId });
      }
      const files = [];
      for (const file of body.files) files.push(await storePrivateFile(userId, 'JUSTIFICATION', Buffer.from(file.data, 'base64'), file.contentType));
      const row = await repository.insertZeroDepositJustification({
        userId,
        dealId: body.dealId ?? null,
        reason: body.reason,
        fileIds: files.map((file) => file.id),
      });
      return justificationView(row);
    },

    /**
     * The staff review queue (`GET /api/admin/screening/justifications`): pending zero-deposit justifications, oldest
     * first, each with its tenant, its deal and listing, and its files as signed reads made for this staff member.
     */
    async justificationQueue(staff: ScreeningCaller, page: number, pageSize: number): Promise<PendingJustificationPage> {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, {});
      const [rows, total] = await Promise.all([
        repository.pendingZeroDepositJustifications((page - 1) * pageSize, pageSize),
        repository.countPendingZeroDepositJustifications(),
      ]);
      const content = [];
      for (const row of rows) {
        const files = [];
        for (const fileId of row.justification.fileIds) files.push({ fileId, ...(await this.signedRead('PRIVATE_FILE', fileId, staff)) });
        const j = row.justification;
        content.push({
          id: j.id,
          tenant: { id: j.userId, name: row.tenantName, phone: row.tenantPhone },
          deal:
            j.dealId && row.dealState && row.propertyId !== null
              ? { id: j.dealId, state: row.dealState, propertyId: row.propertyId, propertyName: row.propertyName ?? '' }
              : null,
          reason: j.reason,
          files,
          createdAt: j.createdAt.toISOString(),
        });
      }
      return { content, page, pageSize, total };
    },

    /**
     * Staff accept or refuse a pending zero-deposit justification: the decision and its audit row commit in one
     * transaction (a justification is decided once: 409 after that). Then, for an acceptance, the deal:
     *
     * - A deal still in screening (BOOKED or SCREENING) is worked out again: its failed credit report no longer
     *   rejects it, so it is approved with conditions (CREDIT_JUSTIFIED) once its documents are verified, through
     *   the deal rules' APPROVE.
     * - A deal already REJECTED cannot go on: REJECTED is a final state in the deal state machine
     *   (packages/contracts/src/deals.ts, no command leaves it) and its booking fee was refunded when it was rejected.
     *   The acceptance instead stands for the tenant: their next booking's screening approves with conditions
     *   despite the failed report (`decide`, `justified`), so they may book again (a rejected deal does not block a
     *   new application for the same home).
     *
     * The deal's verdict runs in the deal service's own transaction after this one commits (it refunds or moves
     * money by its ledger); the tenant is told the outcome by a notice in their language.
     */
    async decideJustification(
      id: string,
      staff: ScreeningCaller & { role: string },
      body: JustificationDecisionBody,
    ): Promise<JustificationDecision> {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, { id });
      const now = clock();
      const row = await decideOnce(id, staff, body, now, {
        decide: (tx, values) => tx.decideZeroDepositJustification(id, values),
        find: (tx) => tx.findZeroDepositJustification(id),
        action: 'screening.justification',
        targetType: 'zero_deposit_justification',
        about: (decided) => ({ dealId: decided.dealId }),
      });
      let outcome: JustificationDecision['outcome'] = 'NONE';
      const deal = row.dealId ? await repository.deal(row.dealId) : undefined;
      if (row.status === 'ACCEPTED') {
        if (deal && OPEN_STATES.includes(deal.state)) {
          await settle(deal.id);
          outcome = 'DEAL_CONTINUES';
        } else {
          outcome = 'BOOK_AGAIN';
        }
      }
      await notices.send({
        type: justificationDecided,
        recipientId: row.userId,
        link: deal ? { route: 'deal', query: { id: deal.id } } : { route: 'rent' },
        params: { decision: row.status === 'REFUSED' ? 'REFUSED' : outcome, reason: body.note },
        key: `screening:justification:${row.id}`,
      });
      return { justification: justificationView(row), outcome };
    },

    /** For back-office pages: the justifications waiting for review (their files through `signedRead`, kind PRIVATE_FILE). */
    async pendingJustifications(staff: ScreeningCaller) {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, {});
      return repository.zeroDepositJustifications('PENDING');
    },

    /** For back-office pages: staff accept or refuse a zero-deposit justification, with a note. */
    async reviewJustification(id: string, staff: ScreeningCaller, status: 'ACCEPTED' | 'REFUSED', note: string | null) {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, { id });
      const row = await repository.reviewZeroDepositJustification(id, { status, reviewNote: note, reviewedBy: staff.userId, reviewedAt: clock() });
      if (!row) throw notFound({ id });
      return row;
    },

    /** The staff review queue of market-price justifications, oldest first, with the landlord and the listing's rent now. */
    async marketPriceQueue(staff: ScreeningCaller, page: number, pageSize: number): Promise<PendingMarketPricePage> {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, {});
      const [rows, total] = await Promise.all([
        repository.pendingMarketPriceJustifications((page - 1) * pageSize, pageSize),
        repository.countPendingMarketPriceJustifications(),
      ]);
      return {
        content: rows.map(({ justification: j, ...row }) => ({
          id: j.id,
          landlord: { id: j.ownerId, name: row.landlordName, phone: row.landlordPhone },
          listing: { id: j.propertyId, name: row.propertyName, rent: row.propertyRent },
          reason: j.reason,
          rent: j.rent,
          comparableRent: j.comparableRent,
          comparables: j.comparables,
          createdAt: j.createdAt.toISOString(),
        })),
        page,
        pageSize,
        total,
      };
    },

    /**
     * Staff accept or refuse a market-price justification (once), with a note, the audit row in the same
     * transaction: a refused one is no longer shown to tenants on the listing.
     */
    async decideMarketPrice(id: string, staff: ScreeningCaller & { role: string }, body: JustificationDecisionBody): Promise<MarketPriceDecision> {
      if (!staff.staff) throw new AppError(ErrorCode.FORBIDDEN, { id });
      const row = await decideOnce(id, staff, body, clock(), {
        decide: (tx, values) => tx.decideMarketPriceJustification(id, values),
        find: (tx) => tx.findMarketPriceJustification(id),
        action: 'screening.market-price',
        targetType: 'market_price_justification',
        about: (decided) => ({ propertyId: decided.propertyId }),
      });
      // The landlord is told in their language (the notification centre renders it for each reader).
      const listing = await repository.listing(row.propertyId);
      await notices.send({
        type: marketPriceDecided,
        recipientId: row.ownerId,
        link: { route: 'details', params: { id: row.propertyId } },
        params: { decision: row.status, listing: listing?.name ?? '', rent: row.rent, reason: body.note },
        key: `screening:market-price:${row.id}`,
      });
      return { id: row.id, status: row.status as 'ACCEPTED' | 'REFUSED', reviewNote: row.reviewNote ?? body.note };
    },

    /** A landlord explains a rent above the comparable rents; refused when the rent is not above them. */
    async justifyMarketPrice(userId: string, body: { propertyId: number; reason: string }): Promise<MarketPriceJustification> {
      const listing = await repository.listing(body.propertyId);
      if (!listing) throw notFound({ propertyId: body.propertyId });
      if (listing.ownerId !== userId) throw new AppError(ErrorCode.FORBIDDEN, { propertyId: body.propertyId });
      const comparable = await comparableRents(listing);
      if (comparable.median === null || listing.price <= comparable.median) {
        throw new AppError(ErrorCode.CONFLICT, { propertyId: listing.id, median: comparable.median }, undefined, 'screening.market.notAbove');
      }
      const row = await repository.insertMarketPriceJustification({
        propertyId: listing.id,
        ownerId: userId,
        reason: body.reason,
        rent: listing.price,
        comparableRent: comparable.median,
        comparables: comparable.count,
      });
      return marketView(row);
    },

    async marketPriceJustifications(propertyId: number): Promise<MarketPriceJustification[]> {
      if (!(await repository.listing(propertyId))) throw notFound({ propertyId });
      return (await repository.marketPriceJustifications(propertyId)).map(marketView);
    },
  };
}
export type ScreeningService = ReturnType<typeof createScreeningService>;

function marketView(row: Awaited<ReturnType<ScreeningRepository['insertMarketPriceJustification']>>): MarketPriceJustification {
  return {
    id: row.id,
    propertyId: row.propertyId,
    reason: row.reason,
    rent: row.rent,
    comparableRent: row.comparableRent,
    comparables: row.comparables,
    createdAt: row.createdAt.toISOString(),
  };
}
