import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from './deferred-start.ts';
import { pageScripts, stagedStart } from './page-scripts.server.ts';

const through = (html: string) => pageScripts(Buffer.from(html)).toString();

const page =
  '<p>租房 Bangsar</p><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><script nonce="n0==">window.__reactRouterContext = {}</script>' +
  '<script nonce="n0==" type="module" async="">import "/assets/a.js";\nimport("/assets/b.js");</script>' +
  '<script type="application/json">{"a":"type=\\"module\\" async=\\"\\""}</script>';
const expected = page
  .replaceAll('<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`)
  .replace('<script nonce="n0==" type="module" async="">', `<script nonce="n0==" type="${HELD_MODULE_TYPE}" async="">`);

describe('pageScripts', () => {
  it('holds every module preload and the module script, and leaves the rest alone', () => {
    expect(expected).not.toBe(page);
    // Multi-byte characters (租房) come out as they went in.
    expect(through(page)).toBe(expected);
  });

  it('passes a page without module scripts through unchanged, and a held script without its end tag as it is', () => {
    expect(through('<p>a</p><link rel="module')).toBe('<p>a</p><link rel="module');
    expect(through('<script type="module" as')).toBe('<script type="module" as');
    expect(through('<script nonce="n" type="module" async="">import "/a.js";')).toBe(
      `<script nonce="n" type="${HELD_MODULE_TYPE}" async="">import "/a.js";`,
    );
  });
});

/** The router's module script as it writes it (react-router 7/8), over modules at the given URLs. */
function routerScript(url: (name: string) => string): string {
  return (
    `;\nimport * as route0 from "${url('root')}";\nimport * as route1 from "${url('page')}";\n` +
    `  window.__reactRouterManifest = {\n  "entry": {\n    "module": "${url('entry')}",\n    "imports": [\n      "${url('framework')}"\n    ],\n    "css": []\n  },\n` +
    `  "routes": {\n    "root": {\n      "id": "root",\n      "module": "${url('root')}",\n      "imports": [\n        "${url('framework')}",\n        "${url('app')}"\n      ]\n    },\n` +
    `    "page": {\n      "id": "page",\n      "module": "${url('page')}",\n      "imports": [\n        "${url('app')}"\n      ]\n    },\n` +
    // A route the page does not show (listed for route discovery): its chunks are not the page's.
    `    "other": {\n      "id": "other",\n      "module": "${url('other')}",\n      "imports": [\n        "${url('other-chunk')}"\n      ]\n    }\n  },\n` +
    `  "url": "${url('manifest')}",\n  "version": "1"\n};\n  window.__reactRouterRouteModules = {"root":route0,"page":route1};\n\nimport("${url('entry')}");`
  );
}

describe('stagedStart', () => {
  // Chromium pauses with scheduler.yield(); browsers without it, and Node here, with a timer. The stand-in for
  // scheduler.yield() ends its task the same way, so the order shows the staging either way; it counts the pauses.
  it.each([
    ['a timer', undefined],
    ['scheduler.yield()', { yield: () => new Promise<void>((resolve) => setTimeout(resolve, 0)) }],
  ])(
    'imports the chunks, then the route modules, then the entry, each module evaluated in a task of its own (pausing with %s)',
    async (_how, scheduler) => {
      const folder = mkdtempSync(join(tmpdir(), 'staged-'));
      const yielded = scheduler ? vi.spyOn(scheduler, 'yield') : undefined;
      try {
        const url = (name: string) => pathToFileURL(join(folder, `${name}.js`)).href;
        // Each module notes its evaluation and schedules a task that notes itself: evaluated in one task, the modules'
        // notes would come before every "task after".
        const note = (name: string) => `globalThis.log.push('${name}'); setTimeout(() => globalThis.log.push('task after ${name}'), 0);\n`;
        writeFileSync(join(folder, 'framework.js'), note('framework'));
        writeFileSync(join(folder, 'other-chunk.js'), note('other-chunk'));
        writeFileSync(join(folder, 'app.js'), `import '${url('framework')}';\n${note('app')}`);
        writeFileSync(join(folder, 'root.js'), `import '${url('app')}';\n${note('root')}export const id = 'root';\n`);
        writeFileSync(join(folder, 'page.js'), `import '${url('app')}';\n${note('page')}export const id = 'page';\n`);
        writeFileSync(
          join(folder, 'entry.js'),
          `globalThis.log.push('entry sees ' + Object.values(window.__reactRouterRouteModules).map((m) => m.id).join(' '));\n`,
        );
        const staged = stagedStart(routerScript(url));
        expect(staged).not.toContain('manifest.js")');
        writeFileSync(join(folder, 'start.js'), staged);
        const log: string[] = [];
        Object.assign(globalThis, { log, window: globalThis, ...(scheduler ? { scheduler } : {}) });
        await import(/* @vite-ignore */ url('start'));
        await expect.poll(() => log.length).toBe(9);
        expect(log).toEqual([
          'framework',
          'task after framework',
          'app',
          'task after app',
          'root',
          'task after root',
          'page',
          'task after page',
          'entry sees root page',
        ]);
        // Two chunks and two route modules, a pause after each.
        if (yielded) expect(yielded).toHaveBeenCalledTimes(4);
      } finally {
        rmSync(folder, { recursive: true, force: true });
        Reflect.deleteProperty(globalThis, 'log');
        Reflect.deleteProperty(globalThis, 'window');
        Reflect.deleteProperty(globalThis, 'scheduler');
      }
    },
  );

  it('leaves a script of another shape as it is', () => {
    expect(stagedStart('import "/assets/a.js";\nimport("/assets/b.js");')).toBe('import "/assets/a.js";\nimport("/assets/b.js");');
  });

  it('stages the held script of the page, with the text around it as it was', () => {
    const script = routerScript((name) => `/assets/${name}-1a2b.js`);
    const withRouter = `<p>租房</p><script nonce="n0==" type="module" async="">${script}</script><p>end</p>`;
    const staged = `<p>租房</p><script nonce="n0==" type="${HELD_MODULE_TYPE}" async="">${stagedStart(script)}</script><p>end</p>`;
    expect(stagedStart(script)).not.toBe(script);
    expect(through(withRouter)).toBe(staged);
  });
});
