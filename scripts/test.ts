// `npm test` (also `npm run validate`): everything CI checks, in order, stopping at the first failure. Ends with one
// summary line ("N passed, N failed") counting the Vitest and Playwright tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const tmp = resolve(root, '.tmp');
// Run directly (CI's second pass) as well as through npm: the workspace's tools and pinned Node come first.
const binDir = resolve(root, 'node_modules/.bin');
mkdirSync(tmp, { recursive: true });
const vitestJson = resolve(tmp, 'vitest-results.json');
const e2eJson = resolve(tmp, 'e2e-results.json');
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });

// `--suites`: only the test suites (CI's second pass on PostgreSQL and Redis, after the full run built the app).
const suitesOnly = process.argv.includes('--suites');
// First, so a fresh machine stops at once rather than after the build: Chromium for the browser journeys and a
// Chinese font, installed as .ci/run does (as root, with apt-get), or one line naming the command.
const system: [string, string] = ['system packages', 'bash scripts/install-system.sh'];
// Each step is a command, or a group of commands that read the sources only and run side by side (each tool is
// single-threaded; on two cores together they took two thirds of their sum), their output printed whole as each ends.
type Step = [string, string | [string, string][]];
const checks: Step[] = [
  [
    'format, lint and types',
    [
      ['format', 'prettier --check . --log-level warn'],
      ['lint', 'eslint . --max-warnings 0'],
      // `npm run typecheck` in its three parts (the server and packages, the journeys, the web app), so that the
      // longest, not their sum, is what the group waits for.
      ['types of the server and packages', 'npm run typecheck:packages --silent'],
      ['types of the journeys', 'npm run typecheck:e2e --silent'],
      ['types of the web app', 'npm run typecheck --silent -w @kunci/web'],
    ],
  ],
  ['build', 'npm run build --silent'],
];
const suites: Step[] = [
  ['unit and integration tests', `vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`],
  ['browser journeys', 'npm test --silent -w @kunci/e2e'],
];
const steps: Step[] = suitesOnly ? [system, ...suites] : [system, ...checks, ...suites];
const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env['PATH'] ?? ''}` };

function counts(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestJson)) {
    const v = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (existsSync(e2eJson)) {
    const p = JSON.parse(readFileSync(e2eJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
  }
  return { passed, failed };
}

const started = Date.now();
const timings: string[] = [];
/** Runs commands side by side, each one's output printed whole when it ends; the names of those that failed. */
async function runTogether(commands: [string, string][]): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    commands.map(
      ([name, command]) =>
        new Promise<void>((done) => {
          const t0 = Date.now();
          const output: Buffer[] = [];
          const child = spawn(command, { cwd: root, shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('close', (status) => {
            const seconds = ((Date.now() - t0) / 1000).toFixed(1);
            console.log(`\n--- ${name}: ${command} (${status === 0 ? 'passed' : `failed, exit ${status}`}, ${seconds} s)`);
            process.stdout.write(Buffer.concat(output));
            timings.push(`${name} ${seconds} s`);
            if (status !== 0) failed.push(name);
            done();
          });
        }),
    ),
  );
  return failed;
}

for (const [name, command] of steps) {
  const t0 = Date.now();
  let failed: string[];
  if (typeof command === 'string') {
    console.log(`\n=== ${name}: ${command}`);
    const result = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true, env });
    timings.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    failed = result.status === 0 ? [] : [`${name} (exit ${result.status})`];
  } else {
    console.log(`\n=== ${name}, side by side`);
    failed = await runTogether(command);
    timings.push(`(${name} together ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  if (failed.length > 0) {
    const { passed, failed: failedTests } = counts();
    console.error(`\n${failed.join(', ')} failed. ${timings.join(', ')}`);
    console.log(`tests: ${passed} passed, ${Math.max(failedTests, 1)} failed`);
    process.exit(1);
  }
}
const { passed, failed } = counts();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s (${timings.join(', ')}).`);
console.log(`tests: ${passed} passed, ${failed} failed`);
