// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server in production mode with demo data on the embedded defaults, in demo mode (DEMO_MODE=true) unless
// the environment says otherwise: PINs are read from the development outbox on this machine.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from './server-flags.ts';
import { ensureWebBuild } from './web-build.ts';

const root = resolve(import.meta.dirname, '..');
ensureWebBuild();

const demoMode = process.env['DEMO_MODE'] ?? 'true';
if (demoMode === 'true' || demoMode === '1') {
  console.log('Demo mode is on (DEMO_MODE=true): SMS and email without a provider stay in the development outbox, readable from this machine only.');
  console.log('A deployment sets DEMO_MODE=false with SMS_WEBHOOK_URL and SMTP_URL.');
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env['NODE_ENV'] ?? 'production', DEMO_MODE: demoMode },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
