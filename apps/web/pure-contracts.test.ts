import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin, type Rolldown } from 'vite';
import { pureContracts } from './pure-contracts.ts';

const CONTRACTS = resolve(import.meta.dirname, '../../packages/contracts/src');
const dir = mkdtempSync(join(tmpdir(), 'pure-contracts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The browser build of a module that imports `source`, as one script. */
async function browserBuild(source: string, plugins: Plugin[]): Promise<string> {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, rolldownOptions: { input: entry } },
  })) as Rolldown.RolldownOutput;
  return output.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

describe('pureContracts', () => {
  it("leaves zod out of a page that only uses a contract's plain values", async () => {
    const source = `import { isStaff } from '${CONTRACTS}/staff.ts';\nimport { LISTING_SORTS } from '${CONTRACTS}/listings.ts';\nconsole.log(isStaff('editor'), LISTING_SORTS);`;
    const plain = await browserBuild(source, []);
    const pure = await browserBuild(source, [pureContracts()]);
    // Without the plugin every schema of both modules is built, and zod comes with them.
    expect(plain).toContain('ZodObject');
    expect(pure).not.toMatch(/Zod[A-Z]/);
    expect(pure).toContain('"moderator"');
    expect(pure).toContain('"-dateCreated"');
  });

  it('leaves zod out where a module builds schemas inside an object literal', async () => {
    // chat.ts has `const viewing = { appointmentId: z.number().int(), ... }`: unwrapped, its calls stay, and zod with them.
    const source = `import { SOCKET_CLOSE_SIGNED_OUT } from '${CONTRACTS}/chat.ts';\nconsole.log(SOCKET_CLOSE_SIGNED_OUT);`;
    expect(await browserBuild(source, [])).toContain('ZodObject');
    const pure = await browserBuild(source, [pureContracts()]);
    expect(pure).not.toMatch(/Zod[A-Z]/);
    expect(pure).toContain('4401');
  });

  it('keeps a schema the page uses, and what it is built from', async () => {
    const pure = await browserBuild(
      `import { SearchQuery } from '${CONTRACTS}/listings.ts';\nconsole.log(SearchQuery.parse({ furnishType: 'FULL' }));`,
      [pureContracts()],
    );
    expect(pure).toContain('ZodObject');
    expect(pure).toContain('"PARTIAL"');
  });
});
