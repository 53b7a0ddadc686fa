// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server in production mode with demo data on the embedded defaults, in demo mode (DEMO_MODE=true) unless
// the environment says otherwise: PINs are read from the development outbox on this machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const serverBuild = join(root, 'apps/web/build/server/index.js');
const sources = ['apps/web/app', 'packages/i18n/src', 'packages/contracts/src'].map((dir) => join(root, dir));

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const stale = !existsSync(serverBuild) || Math.max(...sources.map(newest)) > statSync(serverBuild).mtimeMs;
if (stale) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const demoMode = process.env['DEMO_MODE'] ?? 'true';
if (demoMode === 'true' || demoMode === '1') {
  console.log('Demo mode is on (DEMO_MODE=true): SMS and email without a provider stay in the development outbox, readable from this machine only.');
  console.log('A deployment sets DEMO_MODE=false with SMS_WEBHOOK_URL and SMTP_URL.');
}
const server = spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env['NODE_ENV'] ?? 'production', DEMO_MODE: demoMode },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
