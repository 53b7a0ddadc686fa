// Builds the web app when its build is missing or older than its sources (`npm start` and the browser journeys
// need it; run directly: `node scripts/web-build.ts`).
import { spawnSync } from 'node:child_process';
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

/** Builds when needed; exits with the build's code when it fails. */
export function ensureWebBuild(): void {
  const stale = !existsSync(serverBuild) || Math.max(...sources.map(newest)) > statSync(serverBuild).mtimeMs;
  if (!stale) return;
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (import.meta.main) ensureWebBuild();
