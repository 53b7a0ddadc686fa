import { defineConfig } from 'vitest/config';
import { catalogueFiles } from './apps/web/catalogue-files.ts';

// One project per workspace, so `npm test -w <workspace>` runs that workspace's tests (`vitest run --project <name>`)
// and `vitest run` runs them all. Only the projects whose tests open a database get the template of the run
// (test/global-setup.ts, made once however many of them ask).
const database = ['./test/global-setup.ts'];
const project = (name: string, include: string[], globalSetup: string[] = []) => ({
  extends: true as const,
  test: { name, include, globalSetup },
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
