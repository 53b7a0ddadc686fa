import { describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import {
  addWorkingDays,
  firstDueDateFor,
  invoiceSchedule,
  issueDateFor,
  nextDueDate,
  payoutDateFor,
  processingFeeSen,
  tenancyEnd,
} from './collection-dates.ts';

// Selangor holidays the payout cases cross (from the seeded table).
const HOLIDAYS = new Set(['2026-08-31', '2026-09-16', '2026-12-11', '2026-12-25', '2027-01-01', '2027-02-06', '2027-02-07', '2027-02-08']);

describe('invoice dates', () => {
  it.each([
    // [start, dueDay, term, first due dates, last due]
    ['2026-01-31', 31, 4, ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'], '2026-04-30'],
    ['2028-01-31', 31, 2, ['2028-01-31', '2028-02-29'], '2028-02-29'], // leap year
    ['2026-01-30', 1, 3, ['2026-02-01', '2026-03-01', '2026-04-01'], '2026-04-01'],
    ['2026-12-15', 15, 3, ['2026-12-15', '2027-01-15', '2027-02-15'], '2027-02-15'], // across the year end
    ['2026-03-10', 5, 3, ['2026-04-05', '2026-05-05', '2026-06-05'], '2026-06-05'], // a due day before the start day: the next one, last by the end (06-09)
    ['2026-02-28', 30, 3, ['2026-02-28', '2026-03-30', '2026-04-30'], '2026-04-30'],
  ] as const)('start %s due day %i for %i months: due %j', (startDate, dueDay, termMonths, expected, last) => {
    const schedule = invoiceSchedule({ startDate, dueDay, termMonths, firstDueDate: startDate });
    expect(schedule.map((entry) => entry.dueDate)).toEqual(expected);
    expect(schedule.at(-1)?.dueDate).toBe(last);
    for (const entry of schedule) expect(entry.dueDate <= tenancyEnd(startDate, termMonths)).toBe(true);
  });

  it.each([
    ['2026-03-01', '2026-02-22'], // across a month end, in February
    ['2026-01-05', '2025-12-29'], // across the year end
    ['2026-12-07', '2026-11-30'],
  ])('an invoice due %s is issued on %s (%i days before)', (dueDate, issueDate) => {
    expect(BUSINESS.rentalCollection.invoiceDaysBefore).toBe(7);
    expect(issueDateFor(dueDate)).toBe(issueDate);
  });

  it.each([
    ['2026-02-15', 31, '2026-02-28'],
    ['2026-03-01', 31, '2026-03-31'],
    ['2026-04-30', 30, '2026-04-30'],
    ['2026-12-31', 1, '2027-01-01'],
  ])('the next due date on or after %s for due day %i is %s', (day, dueDay, expected) => {
    expect(nextDueDate(day, dueDay)).toBe(expected);
  });

  it('a deal tenancy starts collection with its second month; an enrolment mid-tenancy with the next due date', () => {
    const terms = { startDate: '2026-10-20', termMonths: 12, dueDay: 20 };
    expect(firstDueDateFor(terms, '2026-11-20')).toBe('2026-11-20');
    expect(firstDueDateFor(terms, '2027-01-03')).toBe('2027-01-20');
    expect(firstDueDateFor(terms, '2027-10-01')).toBeNull(); // the last month (2027-09-20) is past
    const schedule = invoiceSchedule({ ...terms, firstDueDate: '2026-11-20' });
    expect(schedule).toHaveLength(11);
    expect(schedule[0]).toEqual({ number: 2, dueDate: '2026-11-20', issueDate: '2026-11-13' });
  });
});

describe('payout dates', () => {
  it.each([
    // [paid on, payout on, why]
    ['2026-11-23', '2026-11-26', 'Monday: three working days later'],
    ['2026-11-26', '2026-12-01', 'Thursday: over the weekend'],
    ['2026-11-28', '2026-12-02', 'Saturday: counted from Monday'],
    ['2026-11-29', '2026-12-02', 'Sunday: counted from Monday'],
    ['2026-12-09', '2026-12-15', 'Wednesday: over the Sultan of Selangor’s birthday (Friday) and the weekend'],
    ['2026-12-23', '2026-12-29', 'Wednesday: over Christmas and the weekend'],
    ['2026-12-30', '2027-01-05', 'Wednesday: over New Year and the weekend, into the next year'],
    ['2026-08-28', '2026-09-03', 'Friday: over the weekend and National Day (Monday)'],
    ['2026-09-15', '2026-09-21', 'Tuesday: over Malaysia Day (Wednesday) and the weekend'],
    ['2027-02-05', '2027-02-11', 'Friday: over Chinese New Year on the weekend and its Monday holiday'],
    ['2026-01-30', '2026-02-04', 'Friday: across a month end'],
  ])('rent paid %s is paid out %s (%s)', (paid, payout) => {
    expect(payoutDateFor(paid, HOLIDAYS)).toBe(payout);
  });

  it('counts only working days', () => {
    expect(addWorkingDays('2026-12-24', 1, HOLIDAYS)).toBe('2026-12-28');
    expect(addWorkingDays('2026-12-24', 0, HOLIDAYS)).toBe('2026-12-24');
  });
});

describe('processing fee', () => {
  it.each([
    [180_000, 3384], // RM1,800: RM33.84
    [100_000, 1880],
    [12_345, 232], // 232.086 rounds down
    [26_596, 500], // 499.9 rounds up
  ])('%i sen pays %i sen', (amount, fee) => {
    expect(BUSINESS.rentalCollection.processingFeeRate).toBe(0.0188);
    expect(processingFeeSen(amount)).toBe(fee);
  });
});
