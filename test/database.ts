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

/**
 * A copy of the run's template database, not opened: a PostgreSQL database made from the template (its `url`), or the
 * PGlite template copied to `pgliteDir`. `remove` deletes it (close what was opened on it first).
 */
export async function copyTemplateDatabase(pgliteDir: string): Promise<{ url?: string; remove: () => Promise<void> }> {
  const template = inject('template');
  if (template.kind === 'postgres') {
    const name = `kunci_t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.name}`);
    return {
      url: databaseUrl(template.adminUrl, name),
      remove: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  cpSync(template.dir, pgliteDir, { recursive: true });
  return { remove: async () => rmSync(pgliteDir, { recursive: true, force: true }) };
}

/** A private copy of the run's template database (PGlite by default, PostgreSQL with TEST_DATABASE_URL). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dir = resolve(TEST_ROOT, `db-${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  const copy = await copyTemplateDatabase(dir);
  const handle = await openDatabase(copy.url ? { url: copy.url, poolSize: 4 } : { dataDir: dir });
  return {
    ...handle,
    ...(copy.url && { url: copy.url }),
    drop: async () => {
      // A test may have closed the connection already (to see how the app copes).
      await handle.close().catch(() => undefined);
      await copy.remove();
    },
  };
}
