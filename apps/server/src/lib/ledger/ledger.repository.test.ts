import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support.ts';
import { accounts, createLedgerRepository, UnbalancedPostingError } from './ledger.repository.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.drop());

describe('ledger', () => {
  it('posts balanced lines, derives balances by deal, and refuses a posting that does not sum to zero', async () => {
    const ledger = createLedgerRepository(database.db);
    const deal = 'deal-ledger-1';
    const charge = { kind: 'CHARGE' as const, dealId: deal, createdBy: 'gateway', key: 'charge:p1' };
    const lines = [
      { account: accounts.user('tenant-1'), amountSen: -150_000 },
      { account: accounts.dealEscrow(deal), amountSen: 150_000 },
    ];
    expect((await ledger.post({ ...charge, lines })).posted).toBe(true);
    // The same key again (a webhook delivered twice): no second charge.
    expect((await ledger.post({ ...charge, lines })).posted).toBe(false);
    await ledger.post({
      kind: 'FORFEIT',
      dealId: deal,
      createdBy: 'system',
      lines: [
        { account: accounts.dealEscrow(deal), amountSen: -50_000 },
        { account: accounts.landlord('landlord-1'), amountSen: 50_000 },
      ],
    });

    await expect(
      ledger.post({
        kind: 'REFUND',
        dealId: deal,
        createdBy: 'system',
        lines: [
          { account: accounts.dealEscrow(deal), amountSen: -1 },
          { account: 'user:x', amountSen: 2 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedPostingError);
    await expect(
      ledger.post({
        kind: 'REFUND',
        dealId: deal,
        createdBy: 'system',
        lines: [
          { account: 'a', amountSen: 0.5 },
          { account: 'b', amountSen: -0.5 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedPostingError);

    expect(await ledger.balances(deal)).toEqual({
      'user:tenant-1': -150_000,
      [`deal:${deal}:escrow`]: 100_000,
      'landlord:landlord-1': 50_000,
    });
    const rows = await ledger.forDeal(deal);
    expect(rows).toHaveLength(4);
    expect(rows.reduce((sum, row) => sum + row.amountSen, 0)).toBe(0);
    expect(await ledger.balance(accounts.dealEscrow(deal))).toBe(100_000);
  });

  it('posts inside the caller transaction: nothing stays when it rolls back', async () => {
    const ledger = createLedgerRepository(database.db);
    await database.db
      .transaction(async (tx) => {
        await ledger.post(
          {
            kind: 'CHARGE',
            dealId: 'deal-rolled-back',
            createdBy: 'gateway',
            lines: [
              { account: 'user:a', amountSen: -5 },
              { account: 'deal:x:escrow', amountSen: 5 },
            ],
          },
          tx as never,
        );
        throw new Error('the payment change failed');
      })
      .catch(() => undefined);
    expect(await ledger.forDeal('deal-rolled-back')).toEqual([]);
  });
});
