import { CHAT_REQUEST_LIMITS } from '@kunci/contracts/chat-constants';

/** The chat request form's fields the server checks, as the form holds them (text of its inputs). */
export interface ChatRequestFields {
  moveInDate: string;
  budget: string;
  tenancyDuration: string;
}

/** The message key of each field's refusal: the ones the contract (ChatRequest) gives, so the server would say the same. */
export type ChatRequestProblem = 'field.date' | 'field.budget' | 'field.tenancy';

/** `2026-02-30` is not one: the contract refuses it too. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isWholeNumberIn = (value: string, { min, max }: { min: number; max: number }) => {
  const number = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(number) && number >= min && number <= max;
};

/**
 * The fields the server would refuse, in the form's order (the first is the one to focus), checked in the browser
 * before anything is sent: an empty or impossible date, a budget or tenancy outside the contract's limits.
 */
export function chatRequestProblems(fields: ChatRequestFields): Partial<Record<keyof ChatRequestFields, ChatRequestProblem>> {
  const problems: Partial<Record<keyof ChatRequestFields, ChatRequestProblem>> = {};
  if (!isCalendarDate(fields.moveInDate)) problems.moveInDate = 'field.date';
  if (!isWholeNumberIn(fields.budget, CHAT_REQUEST_LIMITS.budget)) problems.budget = 'field.budget';
  if (!isWholeNumberIn(fields.tenancyDuration, CHAT_REQUEST_LIMITS.tenancyMonths)) problems.tenancyDuration = 'field.tenancy';
  return problems;
}
