import { createHash } from 'node:crypto';

/**
 * The credit bureau (RAMCI) behind one interface: the built-in simulator by default; a real bureau's adapter
 * implements the same three calls. Question and option ids are the bureau's; their wording is ours, translated.
 */
export interface BureauQuestion {
  id: string;
  options: { id: string; label: string | null }[];
}
export type BureauReport =
  | { kind: 'REPORT'; outcome: 'SUCCESS' | 'FAIL'; score: number; reference: string }
  /** The bureau could not tie the IC photos to the person it holds (consent fail). */
  | { kind: 'CONSENT_FAIL' };

/** The bureau answered with an error of its own (not 612): shown as "Unknown error". */
export class BureauError extends Error {}

export interface CreditBureau {
  readonly name: string;
  questions(): BureauQuestion[];
  /** Whether the answers match the bureau's file for this NRIC (no: errorCode 612). */
  verifyAnswers(nric: string, answers: { questionId: string; answerId: string }[]): Promise<boolean>;
  /** The report, once the person consented with the front and back of their IC. */
  report(nric: string, consent: { icFront: Buffer; icBack: Buffer }): Promise<BureauReport>;
}

const QUESTIONS: BureauQuestion[] = [
  {
    id: 'BANK',
    options: ['MAYBANK', 'CIMB', 'PUBLIC_BANK', 'RHB', 'HONG_LEONG'].map((id) => ({
      id,
      label: { MAYBANK: 'Maybank', CIMB: 'CIMB', PUBLIC_BANK: 'Public Bank', RHB: 'RHB', HONG_LEONG: 'Hong Leong Bank' }[id]!,
    })),
  },
  { id: 'FACILITY', options: ['CREDIT_CARD', 'CAR_LOAN', 'HOUSING_LOAN', 'PERSONAL_LOAN', 'STUDY_LOAN'].map((id) => ({ id, label: null })) },
  { id: 'STATE', options: ['SELANGOR', 'KUALA_LUMPUR', 'JOHOR', 'PENANG', 'PERAK', 'SABAH'].map((id) => ({ id, label: null })) },
];

/**
 * The simulator's fixed people (README, "Configuration"): their outcome is known in advance. Any other valid NRIC
 * gets a score from its digits (about two in three pass; the business rules say up to 30% are rejected).
 */
export const SIMULATOR_NRICS: Record<string, 'SUCCESS' | 'FAIL' | 'CONSENT_FAIL' | 'ERROR'> = {
  '900101145567': 'SUCCESS',
  '850615105231': 'FAIL',
  '920303086012': 'CONSENT_FAIL',
  '880808016677': 'ERROR',
};
const PASS_SCORE = 500;

const digest = (text: string) => createHash('sha256').update(`kunci-bureau-simulator:${text}`).digest();

/** The simulator's right answers for an NRIC: one option per question, fixed by the number. */
export function simulatorAnswers(nric: string): { questionId: string; answerId: string }[] {
  return QUESTIONS.map((question) => ({
    questionId: question.id,
    answerId: question.options[digest(`${nric}:${question.id}`)[0]! % question.options.length]!.id,
  }));
}

export function createSimulatorBureau(): CreditBureau {
  return {
    name: 'simulator',
    questions: () => QUESTIONS,
    async verifyAnswers(nric, answers) {
      if (SIMULATOR_NRICS[nric] === 'ERROR') throw new BureauError('simulated bureau error');
      const right = simulatorAnswers(nric);
      return right.every((expected) => answers.some((given) => given.questionId === expected.questionId && given.answerId === expected.answerId));
    },
    async report(nric, consent) {
      if (!consent.icFront.length || !consent.icBack.length) return { kind: 'CONSENT_FAIL' };
      const fixed = SIMULATOR_NRICS[nric];
      if (fixed === 'ERROR') throw new BureauError('simulated bureau error');
      if (fixed === 'CONSENT_FAIL') return { kind: 'CONSENT_FAIL' };
      const score = fixed === 'SUCCESS' ? 742 : fixed === 'FAIL' ? 381 : 300 + (digest(`score:${nric}`).readUInt16BE(0) % 551);
      return {
        kind: 'REPORT',
        outcome: score >= PASS_SCORE ? 'SUCCESS' : 'FAIL',
        score,
        reference: `SIM-${digest(`ref:${nric}`).toString('hex').slice(0, 12).toUpperCase()}`,
      };
    },
  };
}
