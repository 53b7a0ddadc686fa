// Rental collection's invoicing benchmark (issue 19): a month of invoices for 100,000 enrolled tenancies on
// PostgreSQL, issued by two instances at once (each its own connection pool, as two servers would be), then issued
// again by both. Prints the time and checks each tenancy was invoiced exactly once.
// Budget: under 60 s for the month, and exactly one invoice per tenancy.
import { sql } from 'drizzle-orm';
import { openDatabase } from '@kunci/db/client';
import { collectionTenancies, users } from '@kunci/db/schema';
import pino from 'pino';
import { addMonths, invoiceSchedule, issueDateFor } from '../apps/server/src/features/services/collection/collection-dates.ts';
import { createCollectionRepository } from '../apps/server/src/features/services/collection/collection.repository.ts';
import { createCollectionService, type CollectionPayments } from '../apps/server/src/features/services/collection/collection.service.ts';
import { createJobQueue } from '../apps/server/src/lib/jobs/jobs.service.ts';
import { scratch } from './scratch.ts';

const tenancies = Number(process.env['BENCH_TENANCIES'] ?? 100_000);
const budgetSeconds = 60;
const log = pino({ level: 'silent' });
// Invoicing takes nothing from payments; a call here would be a bug.
const noPayments: CollectionPayments = {
  createPayment: () => Promise.reject(new Error('no payments in the invoicing benchmark')),
  get: () => Promise.reject(new Error('no payments in the invoicing benchmark')),
};

const run = await scratch('invoices', { redis: false });
const first = await openDatabase({ url: run.databaseUrl, poolSize: 4 });
const second = await openDatabase({ url: run.databaseUrl, poolSize: 4 });
try {
  await first.migrate();
  const { db } = first;

  // 1,000 landlords and 4,000 tenants; tenancies start on every day of December 2026 with a 12-month term, so the
  // month's invoices (due 2027-01-01 to 2027-01-31, the second month) are issued from 2026-12-25 to 2027-01-24.
  const people = await db
    .insert(users)
    .values(Array.from({ length: 5000 }, (_, i) => ({ phoneNumber: `+6018${String(i).padStart(7, '0')}`, name: `Bench ${i}` })))
    .returning({ id: users.id });
  const started = Date.now();
  for (let offset = 0; offset < tenancies; offset += 5000) {
    await db.insert(collectionTenancies).values(
      Array.from({ length: Math.min(5000, tenancies - offset) }, (_, k) => {
        const i = offset + k;
        const startDate = `2026-12-${String((i % 31) + 1).padStart(2, '0')}`;
        const firstDueDate = invoiceSchedule({ startDate, termMonths: 12, dueDay: (i % 31) + 1, firstDueDate: startDate })[1]!.dueDate;
        return {
          landlordId: people[i % 1000]!.id,
          tenantId: people[1000 + (i % 4000)]!.id,
          propertyName: `Bench Residence ${i % 500}`,
          monthlyRentSen: 100_000 + (i % 40) * 5_000,
          dueDay: (i % 31) + 1,
          startDate,
          termMonths: 12,
          firstDueDate,
          endDate: addMonths(startDate, 12),
          nextIssueDate: issueDateFor(firstDueDate),
        };
      }),
    );
  }
  await db.execute(sql`analyze`);
  console.log(`invoices benchmark: ${tenancies.toLocaleString('en')} tenancies enrolled in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const service = (database: typeof first) =>
    createCollectionService({
      repository: createCollectionRepository(database.db),
      jobs: createJobQueue({ database: database.db, log }),
      payments: noPayments,
      secret: 'bench-secret-bench-secret-bench-secret',
      publicUrl: 'http://127.0.0.1',
    });
  const instances = [service(first), service(second)];
  const monthEnd = '2027-01-24';

  const began = performance.now();
  const issued = await Promise.all(instances.map((instance) => instance.issueInvoices(monthEnd)));
  const seconds = (performance.now() - began) / 1000;
  const again = await Promise.all(instances.map((instance) => instance.issueInvoices(monthEnd)));

  const counts = (
    (await db.execute(sql`
      select count(*)::int as invoices, count(distinct tenancy_id)::int as invoiced,
        (select count(*)::int from (select tenancy_id from collection_invoices group by tenancy_id having count(*) > 1) twice) as twice,
        (select count(*)::int from collection_tenancies where next_issue_date <= ${monthEnd}) as left_behind,
        min(due_date)::text as first_due, max(due_date)::text as last_due
      from collection_invoices`)) as unknown as {
      rows: { invoices: number; invoiced: number; twice: number; left_behind: number; first_due: string; last_due: string }[];
    }
  ).rows[0]!;
  const once = counts.invoices === tenancies && counts.invoiced === tenancies && counts.twice === 0 && counts.left_behind === 0;
  console.log(
    `invoices benchmark: ${counts.invoices.toLocaleString('en')} invoices (due ${counts.first_due} to ${counts.last_due}) issued in ${seconds.toFixed(1)} s ` +
      `by two instances at once (${issued.map((n) => n.toLocaleString('en')).join(' + ')}); issued again: ${again.reduce((a, b) => a + b, 0)} more`,
  );
  console.log(
    `invoices benchmark: ${once ? 'each tenancy invoiced exactly once' : `NOT exactly once: ${JSON.stringify(counts)}`}; budget ${budgetSeconds} s: ${seconds <= budgetSeconds ? 'within' : 'OVER'}`,
  );
  if (!once || seconds > budgetSeconds) process.exitCode = 1;
} finally {
  await first.close();
  await second.close();
  await run.drop();
}
