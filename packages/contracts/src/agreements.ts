import { z } from 'zod';
import { BUSINESS } from './business.ts';
import { LANGUAGES } from './constants.ts';

/**
 * The tenancy agreement of a deal (issue 17): either party starts it from an approved deal with the terms, the
 * agreement is drawn up as a PDF in the chosen language, both parties sign it with a one-time code sent to their
 * phone, and the signed PDF is kept unchanged with its SHA-256. Rent, start date, tenancy length and occupants are
 * the deal's (a later start goes through the deal's postponement).
 */

/** Utilities the rent includes (the tenant pays the others). */
export const UTILITIES = ['WATER', 'ELECTRICITY', 'INTERNET', 'GAS', 'SEWERAGE', 'MAINTENANCE'] as const;
export const Utility = z.enum(UTILITIES);
export type Utility = z.infer<typeof Utility>;

export const IdType = z.enum(['IC', 'PASSPORT']);
export type IdType = z.infer<typeof IdType>;

/** A MyKad number: 12 digits (dashes allowed), a real YYMMDD birth date first. Passports: 6 to 12 letters and digits. */
export function validIdNumber(type: IdType, value: string): boolean {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (type === 'PASSPORT') return /^[A-Z0-9]{6,12}$/.test(compact);
  if (!/^\d{12}$/.test(compact)) return false;
  const month = Number(compact.slice(2, 4));
  const day = Number(compact.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}
export const compactIdNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const AgreementParty = z
  .object({
    name: z.string().trim().min(2).max(120),
    idType: IdType,
    idNumber: z.string().trim().min(6).max(20),
  })
  .strict();
export type AgreementParty = z.infer<typeof AgreementParty>;

/** `POST /api/agreements`: a party of an approved deal starts its agreement. */
export const CreateAgreementBody = z
  .object({
    dealId: z.uuid(),
    language: z.enum(LANGUAGES),
    address: z.string().trim().min(10).max(300),
    utilities: z.array(Utility).max(UTILITIES.length),
    houseRules: z.string().trim().max(2000),
    landlord: AgreementParty,
    tenant: AgreementParty,
  })
  .strict();
export type CreateAgreementBody = z.infer<typeof CreateAgreementBody>;

export const AgreementParams = z.object({ id: z.uuid() });
export const AgreementQuery = z.object({ dealId: z.uuid() }).strict();
export const SignAgreementBody = z.object({ code: z.string().regex(/^\d{6}$/) }).strict();

/** The tenancy an agreement and an invitation to one state alike: its language, the home, the dates and the rent. */
const tenancyFields = {
  language: z.enum(LANGUAGES),
  propertyName: z.string(),
  address: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  tenancyMonths: z.number().int(),
  monthlyRent: z.number().int(),
};

/** Who may live in the home, which utilities the tenant pays, and the house rules. */
const householdFields = { occupants: z.number().int(), utilities: z.array(Utility), houseRules: z.string() };

/** A party as shown: the ID number masked to its last 4 characters. */
export const AgreementPartyView = z.object({
  userId: z.uuid(),
  name: z.string(),
  idType: IdType,
  idNumberMasked: z.string(),
  signedAt: z.string().nullable(),
});

export const Agreement = z
  .object({
    id: z.uuid(),
    dealId: z.uuid(),
    status: z.enum(['SIGNING', 'SIGNED']),
    ...tenancyFields,
    /** The 9-11 month surcharge, in sen (0 otherwise). */
    surchargeSen: z.number().int(),
    signingFeeSen: z.number().int(),
    sstSen: z.number().int(),
    ...householdFields,
    landlord: AgreementPartyView,
    tenant: AgreementPartyView,
    /** The viewer's side. */
    viewerRole: z.enum(['TENANT', 'LANDLORD', 'STAFF']),
    /** Whether the viewer still has to sign. */
    viewerMaySign: z.boolean(),
    /** The signed PDF's SHA-256 (hex), once both signed. */
    sha256: z.string().nullable(),
    signedAt: z.string().nullable(),
    /** The API path of the PDF (the draft until signed), for the parties and staff. */
    pdfUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Agreement' });
export type Agreement = z.infer<typeof Agreement>;

/** `POST /api/agreements/{id}/code`: where the code went (masked) and until when it works. */
export const SigningCode = z.object({ sentTo: z.string(), expiresAt: z.string() }).meta({ id: 'AgreementSigningCode' });
export type SigningCode = z.infer<typeof SigningCode>;

/** The last four characters shown, the rest hidden. */
export function maskId(value: string): string {
  return `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
}

/**
 * A tenancy found elsewhere (decision 14): one party invites the other's phone number with the home, the terms and
 * their own details; the invitee signs in with that phone, checks the terms, gives their details and accepts, and
 * the agreement is then signed as any other (the deal it opens has no listing).
 */
export const CreateInvitationBody = z
  .object({
    /** The inviter's side: the invitee takes the other. */
    role: z.enum(['LANDLORD', 'TENANT']),
    phone: z.string().trim().min(6).max(20),
    propertyName: z.string().trim().min(3).max(120),
    address: z.string().trim().min(10).max(300),
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    tenancyMonths: z.number().int().min(BUSINESS.zeroDeposit.tenancyMonths.min).max(BUSINESS.zeroDeposit.tenancyMonths.max),
    monthlyRent: z.number().int().min(1).max(1_000_000),
    occupants: z.number().int().min(BUSINESS.deal.occupants.min).max(BUSINESS.deal.occupants.max),
    language: z.enum(LANGUAGES),
    utilities: z.array(Utility).max(UTILITIES.length),
    houseRules: z.string().trim().max(2000),
    /** The inviter's own details as they appear in the agreement. */
    party: AgreementParty,
  })
  .strict();
export type CreateInvitationBody = z.infer<typeof CreateInvitationBody>;

/** `POST /api/agreements/invitations/{id}/accept`: the invitee's own details. */
export const AcceptInvitationBody = z.object({ party: AgreementParty }).strict();
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const InvitationParams = z.object({ id: z.uuid() });

export const AgreementInvitation = z
  .object({
    id: z.uuid(),
    /** EXPIRED once its time passed unanswered. */
    status: z.enum(['PENDING', 'ACCEPTED', 'EXPIRED']),
    inviterRole: z.enum(['LANDLORD', 'TENANT']),
    /** The viewer's part: the one who invited, or the one invited. */
    viewer: z.enum(['INVITER', 'INVITEE']),
    inviter: z.object({ name: z.string(), idType: IdType, idNumberMasked: z.string() }),
    /** The invited phone, masked. */
    phoneMasked: z.string(),
    ...tenancyFields,
    ...householdFields,
    /** What the tenant pays at move-in, in sen: first month, signing fee, SST and any surcharge (no booking fee to credit). */
    moveIn: z.object({
      rentSen: z.number().int(),
      signingFeeSen: z.number().int(),
      sstSen: z.number().int(),
      surchargeSen: z.number().int(),
      totalSen: z.number().int(),
    }),
    /** The deal opened when it was accepted. */
    dealId: z.uuid().nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'AgreementInvitation' });
export type AgreementInvitation = z.infer<typeof AgreementInvitation>;

export const AgreementInvitationList = z.object({ content: z.array(AgreementInvitation) }).meta({ id: 'AgreementInvitationList' });
