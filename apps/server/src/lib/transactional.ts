import type { Database } from '@kunci/db/client';

/**
 * A repository that can run work in one transaction: `transaction(work)` hands `work` the same repository bound to
 * that transaction (a transaction inside it is a savepoint). Services never hold a database or a transaction, only
 * repositories (docs/decisions/0008-repositories-and-transactions.md).
 */
export type Transactional<R> = R & { transaction<T>(work: (repository: Transactional<R>) => Promise<T>): Promise<T> };

/** Builds a repository on `db` (the database or a transaction) with its `transaction`. */
export function transactional<R extends object>(db: Database, create: (db: Database) => R): Transactional<R> {
  return Object.assign(create(db), {
    transaction: <T>(work: (repository: Transactional<R>) => Promise<T>) => db.transaction((tx) => work(transactional(tx, create))),
  });
}
