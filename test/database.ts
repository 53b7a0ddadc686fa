import { randomUUID } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@kunci/db/client';
import { TEST_ROOT, databaseUrl } from './template.ts';

export interface TestDatabase extends DatabaseHandle {
  /** The copy's connection URL on a PostgreSQL server (a second instance opens its own pool with it). */
  url?: string;
  /** Closes and deletes this copy. */
  drop(): Promise<void>;
}

/** A private copy of the run's template database (PGlite by default, PostgreSQL with TEST_DATABASE_URL). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject('template');
  const id = randomUUID().replace(/-/g, '').slice(0, 12);
  if (template.kind === 'postgres') {
    const name = `kunci_t_${id}`;
    const admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.name}`);
    const url = databaseUrl(template.adminUrl, name);
    const handle = await openDatabase({ url, poolSize: 4 });
    return {
      ...handle,
      url,
      drop: async () => {
        // A test may have closed the connection already (to see how the app copes).
        await handle.close().catch(() => undefined);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = resolve(TEST_ROOT, `db-${id}`);
  cpSync(template.dir, dir, { recursive: true });
  const handle = await openDatabase({ dataDir: dir });
  return {
    ...handle,
    drop: async () => {
      await handle.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
