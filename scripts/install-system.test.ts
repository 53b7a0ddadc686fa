import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = resolve(import.meta.dirname, 'install-system.sh');

// A fake machine: `id`, `fc-list` and `apt-get` are stubs in front of PATH; Chromium and its headless shell are files
// in the same folder.
let bin: string;
const chromium = () => join(bin, 'chromium');
const shell = () => join(bin, 'chromium-headless-shell');
function stub(name: string, body: string) {
  writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
}
function machine({
  root,
  chromium: hasChromium,
  font,
  shell: hasShell = true,
}: {
  root: boolean;
  chromium: boolean;
  font: boolean;
  shell?: boolean;
}) {
  stub('id', `echo ${root ? 0 : 1000}`);
  // fc-list names a Chinese font once the font is "installed" (a marker file).
  stub('fc-list', `[ -f "${bin}/font" ] && echo "Noto Sans CJK SC"; exit 0`);
  if (font) writeFileSync(join(bin, 'font'), '');
  if (hasChromium) stub('chromium', 'exit 0');
  if (hasShell) stub('chromium-headless-shell', 'exit 0');
}
/** An `apt-get` that logs its arguments and, on `install`, makes these files appear (browsers, or `font`). */
function aptInstalling(...files: string[]) {
  const made = files.map((file) => (file === 'font' ? `: > "${bin}/font"` : `printf '#!/bin/sh\\n' > "${bin}/${file}"; chmod +x "${bin}/${file}"`));
  stub('apt-get', `echo "$@" >> "${bin}/apt.log"\ncase "$*" in install*) ${made.join('; ')};; esac`);
}
function run() {
  return spawnSync('bash', [script], {
    env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, CHROMIUM_PATH: chromium(), CHROMIUM_HEADLESS_SHELL_PATH: shell() },
    encoding: 'utf8',
  });
}

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), 'kunci-install-system-'));
});
afterEach(() => rmSync(bin, { recursive: true, force: true }));

describe('scripts/install-system.sh', () => {
  it('does nothing and says nothing when Chromium and a Chinese font are there', () => {
    machine({ root: true, chromium: true, font: true });
    stub('apt-get', `echo "$@" >> "${bin}/apt.log"`);
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
    expect(existsSync(join(bin, 'apt.log'))).toBe(false);
  });

  it('installs what is missing with apt-get when it runs as root', () => {
    machine({ root: true, chromium: false, font: false, shell: false });
    // Installing makes both browsers appear, and fc-list finds the font.
    aptInstalling('chromium', 'chromium-headless-shell', 'font');
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(join(bin, 'apt.log'), 'utf8').trim().split('\n')).toEqual([
      'update -qq',
      'install -y -qq chromium chromium-headless-shell fonts-noto-cjk',
    ]);
  });

  it('installs the journeys’ headless shell alone when only it is missing', () => {
    machine({ root: true, chromium: true, font: true, shell: false });
    aptInstalling('chromium-headless-shell');
    const result = run();
    expect(result.status).toBe(0);
    expect(readFileSync(join(bin, 'apt.log'), 'utf8').trim().split('\n')).toEqual(['update -qq', 'install -y -qq chromium-headless-shell']);
  });

  it('stops at once with one line naming the command when it cannot install', () => {
    machine({ root: false, chromium: false, font: true });
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual(['npm test needs chromium, missing here: run  sudo apt-get install -y chromium']);
  });

  it('fails when apt-get ran but Chromium is still not where CHROMIUM_PATH says', () => {
    machine({ root: true, chromium: false, font: true });
    stub('apt-get', 'exit 0');
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Still missing after apt-get install: chromium');
  });
});
