import { BUSINESS } from '@kunci/contracts/business';

/**
 * The calendar of rental collection, on plain ISO days (YYYY-MM-DD, Malaysia's calendar): when each month's rent is
 * due, when its invoice goes out, and when the landlord is paid. Pure, so the tables in the test pin every edge.
 */

const DAY_MS = 86_400_000;

const toTime = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromTime(toTime(day) + days * DAY_MS);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The due day in a month (1-12), or the month's last day when it is shorter (31 in February is the 28th or 29th). */
export function dueDateIn(year: number, month: number, dueDay: number): string {
  const day = Math.min(dueDay, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `months` after `day`, on the same day of the month or the month's last day. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  return dueDateIn(Math.floor(index / 12), (index % 12) + 1, date);
}

/** The first due date on or after `day`. */
export function nextDueDate(day: string, dueDay: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const inMonth = dueDateIn(year, month, dueDay);
  if (inMonth >= day) return inMonth;
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return dueDateIn(next.year, next.month, dueDay);
}

/** The tenancy's last day: the day before `termMonths` after its start. */
export function tenancyEnd(startDate: string, termMonths: number): string {
  return addDays(addMonths(startDate, termMonths), -1);
}

export interface ScheduledInvoice {
  /** The month of the tenancy (1 is the first). */
  number: number;
  dueDate: string;
  issueDate: string;
}

/** The day an invoice due on `dueDate` is issued and emailed. */
export function issueDateFor(dueDate: string): string {
  return addDays(dueDate, -BUSINESS.rentalCollection.invoiceDaysBefore);
}

/**
 * Every month's invoice of a tenancy: month k starts k months after the start; its rent is due on the first due
 * day on or after that. Only those due on or after `firstDueDate` (earlier months were paid elsewhere, or at
 * move-in for a deal of ours).
 */
export function invoiceSchedule(tenancy: { startDate: string; termMonths: number; dueDay: number; firstDueDate: string }): ScheduledInvoice[] {
  const end = tenancyEnd(tenancy.startDate, tenancy.termMonths);
  const schedule: ScheduledInvoice[] = [];
  for (let month = 0; month < tenancy.termMonths; month++) {
    const dueDate = nextDueDate(addMonths(tenancy.startDate, month), tenancy.dueDay);
    if (dueDate > end || dueDate < tenancy.firstDueDate) continue;
    schedule.push({ number: month + 1, dueDate, issueDate: issueDateFor(dueDate) });
  }
  return schedule;
}

/** The first invoice to bill through us: not before `today` (enrolled mid-tenancy) nor before `from`. */
export function firstDueDateFor(tenancy: { startDate: string; termMonths: number; dueDay: number }, from: string): string | null {
  const schedule = invoiceSchedule({ ...tenancy, firstDueDate: from });
  return schedule[0]?.dueDate ?? null;
}

/** Saturday and Sunday are not working days in Selangor, nor its public holidays. */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(toTime(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** The `count`th working day after `day` (a payment made on a holiday or weekend counts from the next working day). */
export function addWorkingDays(day: string, count: number, holidays: ReadonlySet<string>): string {
  let current = day;
  for (let left = count; left > 0;) {
    current = addDays(current, 1);
    if (isWorkingDay(current, holidays)) left--;
  }
  return current;
}

/** When the landlord is paid for rent paid on `paidDay`. */
export function payoutDateFor(paidDay: string, holidays: ReadonlySet<string>): string {
  return addWorkingDays(paidDay, BUSINESS.rentalCollection.payoutWorkingDays, holidays);
}

/** The processing fee on an amount, in whole sen (rounded half up). */
export function processingFeeSen(amountSen: number): number {
  return Math.round(amountSen * BUSINESS.rentalCollection.processingFeeRate);
}
