import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '@kunci/db/client';
import { seedContent } from '@kunci/db/content/seed';
import { seedDemo } from '@kunci/db/demo/seed';
import { loadReferenceData } from '@kunci/db/reference/load';
import { LocalDiskStore } from '@kunci/media/store';

export const TEST_ROOT = resolve(import.meta.dirname, '../.tmp');
/** Demo listings in every test database: enough for paging, every type, every status. */
export const FIXTURE_LISTINGS = 160;

export type Template = { kind: 'pglite'; dir: string; mediaDir: string } | { kind: 'postgres'; adminUrl: string; name: string; mediaDir: string };

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One migrated and seeded database per test run; every test file gets its own copy (a copied PGlite
 * directory, or CREATE DATABASE ... TEMPLATE on a server), so files never see each other's writes.
 */
export async function createTemplate(runId: string): Promise<{ template: Template; dispose: () => Promise<void> }> {
  const mediaDir = resolve(TEST_ROOT, 'media');
  const store = new LocalDiskStore(mediaDir);
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const name = `kunci_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const handle = await openDatabase({ url: databaseUrl(adminUrl, name), poolSize: 4 });
    await handle.migrate();
    await loadReferenceData(handle.db);
    await seedDemo(handle.db, store, { listings: FIXTURE_LISTINGS, batchSize: 80 });
    await seedContent(handle.db, store);
    await handle.close();
    return {
      template: { kind: 'postgres', adminUrl, name, mediaDir },
      dispose: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = resolve(TEST_ROOT, `template-${runId}`);
  rmSync(dir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: dir });
  await handle.migrate();
  await loadReferenceData(handle.db);
  await seedDemo(handle.db, store, { listings: FIXTURE_LISTINGS, batchSize: 80 });
  await seedContent(handle.db, store);
  await handle.close();
  return { template: { kind: 'pglite', dir, mediaDir }, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}
