import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const SERVER = resolve(import.meta.dirname, '../src/server.ts');

/** The real server in its own process (for signals and crashes), on a free port; resolves the port when it serves. */
export function spawnServer(dataDir: string, extra: Record<string, string> = {}): { server: ChildProcess; port: Promise<number> } {
  const server = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_LISTINGS: '0',
      JOBS_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = new Promise<number>((done, fail) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /serving http:\/\/localhost:(\d+)/.exec(out);
      if (match) done(Number(match[1]));
    });
    server.once('exit', (code) => fail(new Error(`server exited early (${code})`)));
  });
  return { server, port };
}
