import { defineConfig } from 'vitest/config';
import { catalogueFiles } from './apps/web/catalogue-files.ts';

// One project per workspace, so `npm test -w <workspace>` runs that workspace's tests (`vitest run --project <name>`)
// and `vitest run` runs them all. Only the projects whose tests open a database get the template of the run
// (test/global-setup.ts, made once however many of them ask).
//
// Those projects also run their files one after another in each worker's process (`isolate: false`): with a process
// per file, importing the server (Fastify, Drizzle, the contracts' schemas, the catalogues) again cost about 4 s per
// file on a 2-core machine, a third of the suite's time, and each file started on cold code. So their test files
// must leave the process as they found it: close what they open (apps, databases, servers), restore what they
// change (process.env, globals, listeners), and keep no state at module level; CI's passes run the files in
// different orders and pairings. The other projects are cheap to isolate and stay isolated.
const database = { globalSetup: ['./test/global-setup.ts'], isolate: false };
const project = (name: string, include: string[], options: { globalSetup?: string[]; isolate?: boolean } = {}) => ({
  extends: true as const,
  test: { name, include, ...options },
});

export default defineConfig({
  // The browser's catalogue loader module (lib/catalogue.tsx imports it): in tests, the catalogue modules themselves.
  plugins: [catalogueFiles()],
  test: {
    projects: [
      project('server', ['apps/server/src/**/*.test.ts'], database),
      project('web', ['apps/web/app/**/*.test.ts', 'apps/web/*.test.ts']),
      project('contracts', ['packages/contracts/src/**/*.test.ts']),
      project('db', ['packages/db/src/**/*.test.ts'], database),
      project('i18n', ['packages/i18n/src/**/*.test.ts']),
      project('media', ['packages/media/src/**/*.test.ts']),
      project('bench', ['bench/**/*.test.ts'], database),
      project('scripts', ['scripts/**/*.test.ts']),
      project('e2e', ['e2e/*.test.ts']),
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
