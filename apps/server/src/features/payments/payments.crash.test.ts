import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payments, users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { spawnServer, testDatabaseCopy } from '../../../test/spawn.ts';
import { signPayToken, simulatorSecret } from './simulator.ts';

type DatabaseCopy = Awaited<ReturnType<typeof testDatabaseCopy>>;

const AUTH_SECRET = 'crash-test-secret-'.padEnd(40, 'x');

const exited = (server: ReturnType<typeof spawnServer>['server']) => new Promise<void>((done) => server.once('exit', () => done()));

async function rows(database: DatabaseCopy, query: string, params: unknown[] = []) {
  const handle = await database.open();
  try {
    return ((await handle.raw(query, params)) as { rows: Record<string, unknown>[] }).rows;
  } finally {
    await handle.close();
  }
}

describe('a server killed between the payment and its webhook', () => {
  it('applies the payment once after a restart on the same database: SUCCEEDED, one CHARGE posting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kunci-payments-crash-'));
    // On a copy of the run's migrated database: a payer with a session and a pending payment.
    const database = await testDatabaseCopy(dataDir);
    const env = { ...database.env, AUTH_SECRET, PAYMENT_SIMULATOR_CHAOS: '1' };
    let run: ReturnType<typeof spawnServer> | undefined;
    try {
      const handle = await database.open();
      const [payer] = await handle.db.insert(users).values({ phoneNumber: '+60123450001', name: 'Aisyah' }).returning();
      const session = await createSessionsRepository(handle.db).create(payer!.id, 'pin', 'crash-test', 1);
      const [payment] = await handle.db
        .insert(payments)
        .values({
          purpose: 'TEST',
          referenceId: 'crash',
          payerId: payer!.id,
          amountSen: 250_000,
          description: 'Booking fee',
          language: 'en',
          returnPath: '/dashboard',
          gateway: 'simulator',
        })
        .returning();
      await handle.close();
      const token = signPayToken(simulatorSecret(undefined, AUTH_SECRET), payment!.id);

      // The payer pays; the webhooks wait on the queue (this instance runs no jobs) when the server is killed.
      run = spawnServer(dataDir, env);
      let port = await run.port;
      const paid = await fetch(`http://127.0.0.1:${port}/pay/sim/${token}`, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'pay', method: 'card', cardNumber: '4242424242424242' }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      run.server.kill('SIGKILL');
      await exited(run.server);
      expect(await rows(database, `select state from jobs where name = 'payments.simulator-webhook'`)).toEqual([
        { state: 'pending' },
        { state: 'pending' },
      ]);
      expect(await rows(database, `select status from payments where id = $1`, [payment!.id])).toEqual([{ status: 'PENDING' }]);

      // Restarted with its job runner on: the deliveries (the same event twice) apply the payment once.
      run = spawnServer(dataDir, { ...env, JOBS_INTERVAL_SECONDS: '600', JOBS_POLL_INTERVAL_MS: '100' });
      port = await run.port;
      let status = 'PENDING';
      for (let attempt = 0; attempt < 300 && status === 'PENDING'; attempt++) {
        const answer = await fetch(`http://127.0.0.1:${port}/api/payments/${payment!.id}`, { headers: { authorization: `Bearer ${session}` } });
        status = ((await answer.json()) as { status: string }).status;
        if (status === 'PENDING') await new Promise((done) => setTimeout(done, 100));
      }
      expect(status).toBe('SUCCEEDED');
      // Both deliveries were due at the restart, so the first poll took both (JOBS_CONCURRENCY 2); a graceful stop
      // waits for running jobs, so the second delivery, the same event again, has had its chance to charge twice.
      run.server.kill('SIGTERM');
      await exited(run.server);

      expect(await rows(database, `select state from jobs where name = 'payments.simulator-webhook'`)).toEqual([
        { state: 'done' },
        { state: 'done' },
      ]);
      expect(
        await rows(database, `select kind, amount_sen::int as amount from ledger_entries where payment_id = $1 order by id`, [payment!.id]),
      ).toEqual([
        { kind: 'CHARGE', amount: -250_000 },
        { kind: 'CHARGE', amount: 250_000 },
      ]);
      expect(await rows(database, `select status from payments where id = $1`, [payment!.id])).toEqual([{ status: 'SUCCEEDED' }]);
    } finally {
      if (run && run.server.exitCode === null && run.server.signalCode === null) {
        run.server.kill('SIGKILL');
        await exited(run.server);
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
