import { execFileSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';

/** The processes this test process started that run the server (`ps` lists the children of a parent). */
function servers(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)]).toString();
  return out
    .split('\n')
    .filter((line) => line.includes('apps/server/src/server.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

afterAll(() => {
  // Only if the setup left one behind (the failure this test guards against).
  for (const pid of servers()) process.kill(pid, 'SIGKILL');
});

it('stops the server it started when the server is not ready in time, so the next run finds the port free', async () => {
  process.env['E2E_PORT'] = '3293';
  process.env['E2E_READY_SECONDS'] = '1';
  // Read at import: the limit comes from the environment set above.
  const { default: globalSetup } = await import('./global-setup.ts');
  await expect(globalSetup()).rejects.toThrow('server did not become ready in 1 s');
  expect(servers()).toEqual([]);
  expect(
    await fetch('http://127.0.0.1:3293/api/ready').then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused');
}, 60_000);
