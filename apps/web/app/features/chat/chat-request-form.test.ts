import { describe, expect, it } from 'vitest';
import { ChatRequest } from '@kunci/contracts/chat';
import { chatRequestProblems, type ChatRequestFields } from './chat-request-form.ts';

const valid: ChatRequestFields = { moveInDate: '2027-01-15', budget: '1200', tenancyDuration: '12' };

/** What the server answers for the same fields: each refused field with its message key. */
function serverProblems(fields: ChatRequestFields) {
  const parsed = ChatRequest.safeParse({
    propertyId: 1,
    moveInDate: fields.moveInDate,
    budget: Number(fields.budget),
    tenancyDuration: Number(fields.tenancyDuration),
    reasonForMoving: 'NEAR_WORK',
  });
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('chat request form: the fields the server would refuse, found before sending', () => {
  it('an empty form: the date, the budget and the tenancy, in the form’s order, with the contract’s messages', () => {
    const problems = chatRequestProblems({ moveInDate: '', budget: '', tenancyDuration: '' });
    expect(Object.entries(problems)).toEqual([
      ['moveInDate', 'field.date'],
      ['budget', 'field.budget'],
      ['tenancyDuration', 'field.tenancy'],
    ]);
  });

  it('a filled form has none, and nothing is refused by the server either', () => {
    expect(chatRequestProblems(valid)).toEqual({});
    expect(serverProblems(valid)).toEqual({});
  });

  it.each([
    { moveInDate: '2027-02-30' },
    { moveInDate: '15/01/2027' },
    { budget: '99' },
    { budget: '1000001' },
    { budget: ' ' },
    { tenancyDuration: '0' },
    { tenancyDuration: '61' },
    { tenancyDuration: '' },
  ])('refuses %o as the server does, with the same message', (change) => {
    const fields = { ...valid, ...change };
    expect(chatRequestProblems(fields)).toEqual(serverProblems(fields));
  });

  it('a budget with sen is refused on the same field (the server words that one generically)', () => {
    const fields = { ...valid, budget: '1200.5' };
    expect(chatRequestProblems(fields)).toEqual({ budget: 'field.budget' });
    expect(Object.keys(serverProblems(fields))).toEqual(['budget']);
  });
});
