import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test/spawn.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Runs the real server until it exits; what it printed on stderr and its exit code. */
async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kunci-startup-'));
  const { server, port } = spawnServer(dataDir, env);
  // It is expected to exit before serving.
  port.catch(() => undefined);
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const code = await new Promise<number | null>((done) => server.once('exit', done));
    return { code, stderr };
  } finally {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('start-up with a service unreachable: one line, exit 1', () => {
  const proxies: TcpProxy[] = [];
  afterAll(() => Promise.all(proxies.map((proxy) => proxy.close())));
  /** Accepts connections and never answers: nothing behind it is ever reached. */
  const silentServer = async (scheme: string) => {
    const proxy = await startTcpProxy(`${scheme}://127.0.0.1:${await closedPort()}/kunci`);
    proxies.push(proxy);
    proxy.silence();
    return proxy.url;
  };

  it('PostgreSQL refusing', async () => {
    const { code, stderr } = await start({ DATABASE_URL: `postgres://kunci:secret@127.0.0.1:${await closedPort()}/kunci` });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Kunci cannot start\. PostgreSQL at 127\.0\.0\.1:\d+\/kunci cannot be used: .*ECONNREFUSED/);
    expect(stderr).not.toContain('secret');
  });

  it('PostgreSQL silent (its connection time limit)', async () => {
    const { code, stderr } = await start({ DATABASE_URL: await silentServer('postgres'), DATABASE_TIMEOUT_MS: '500' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Kunci cannot start\. PostgreSQL at .* cannot be used: .*timeout/i);
  });

  it('Redis refusing', async () => {
    const { code, stderr } = await start({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Kunci cannot start\. Redis at 127\.0\.0\.1:\d+ cannot be used: .*ECONNREFUSED/);
  });

  it('Redis silent (its time limits)', async () => {
    const { code, stderr } = await start({ REDIS_URL: await silentServer('redis') });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Kunci cannot start\. Redis at .* cannot be used: /);
  });
});
