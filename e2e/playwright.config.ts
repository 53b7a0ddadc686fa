import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL_FLAGS, HEADLESS_SHELL_PATH } from '../scripts/chromium.ts';

const port = Number(process.env['E2E_PORT'] ?? 3211);

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Budgets for a journey and for each expectation, not measures of speed (bench/ has those): CI's machine ran the
  // same journeys 2-4 times slower than the one they were written on, and journeys of 20-30 s there ran out of 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-results.json' }]],
  outputDir: '../.tmp/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: HEADLESS_SHELL_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
