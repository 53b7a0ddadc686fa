import { z } from 'zod';
import { Email } from './users.ts';

/** The psychometric questionnaire: question ids with their option ids (texts live in the message catalogues). */
export const PSYCHOMETRIC_QUESTIONS = {
  tidy: ['very_tidy', 'tidy', 'relaxed'],
  noise: ['quiet', 'moderate', 'lively'],
  guests: ['rarely', 'sometimes', 'often'],
  schedule: ['day', 'evening', 'night'],
  smoking: ['no', 'outside', 'yes'],
  cooking: ['rarely', 'weekly', 'daily'],
} as const;
export type PsychometricQuestion = keyof typeof PSYCHOMETRIC_QUESTIONS;
export const PSYCHOMETRIC_RESULTS = ['QUIET_HOMEBODY', 'BALANCED_HOUSEMATE', 'SOCIAL_HOUSEMATE'] as const;

export const PsychometricAnswers = z
  .object(
    Object.fromEntries(
      Object.entries(PSYCHOMETRIC_QUESTIONS).map(([id, options]) => [id, z.enum(options as unknown as [string, ...string[]])]),
    ) as Record<PsychometricQuestion, z.ZodEnum>,
  )
  .strict();

export const PsychometricState = z.object({
  questions: z.array(z.object({ id: z.string(), options: z.array(z.string()) })),
  answers: z.record(z.string(), z.string()).nullable(),
  result: z.enum(PSYCHOMETRIC_RESULTS).nullable(),
});
export type PsychometricState = z.infer<typeof PsychometricState>;

export const WorkEmailRequest = z.object({ email: Email }).strict();
export const WorkEmailVerify = z.object({ email: Email, code: z.string().regex(/^\d{6}$/) }).strict();
export const WorkEmailResponse = z.object({ email: z.string(), verified: z.boolean() });
