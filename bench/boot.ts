// The app's start on a phone, measured in the browser rather than simulated: each page loaded in the system Chromium
// at a phone's size with its CPU slowed 4 times (DevTools throttling, real time), and the main thread's long tasks
// (over 50 ms) from the load event until the app has hydrated and gone quiet. Prints per page the median over the
// runs of the blocking time after load (each long task's time over 50 ms, as total blocking time counts it), the
// longest task, the number of long tasks and the time to hydrated. Lighthouse (bench/lighthouse.ts) simulates the
// same throttling from one unthrottled load, which on this two-core machine also counts the load of Lighthouse and
// the server beside the page; this measures the page's own work, so a change to the start shows in it.
// Budget (issue 21): total blocking time under 50 ms. Asserts nothing.
//   node bench/boot.ts --base http://127.0.0.1:3000 --runs 5
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kunci_bench node bench/boot.ts   (the page benchmark's data)
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { measuredPages, pagesSite, ready, stop } from './server.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    languages: { type: 'string', default: 'en' },
    /** The data folder the server uses (the page benchmark's by default). */
    'data-dir': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const CPU = Number(values.cpu);
/** How long the page must stay free of long tasks after hydrating before its figures are read. */
const QUIET_MS = 3000;

const { base, server } = pagesSite({ base: values.base, dataDir: values['data-dir'], port: Number(process.env['BENCH_PORT'] ?? 3296) });

interface Run {
  blocking: number;
  longest: number;
  longTasks: number;
  hydrated: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
  if (server) await ready(server, base);
  const targets = await measuredPages(base, values.languages);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  const table: Record<string, Record<string, string | number>> = {};
  try {
    for (const target of targets) {
      const before = loadavg()[0]!.toFixed(2);
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
          // Browser code as text: this package is typed for Node, not the DOM.
          await page.addInitScript(
            `window.benchLongTasks = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) ` +
              `window.benchLongTasks.push([entry.startTime, entry.duration]); }).observe({ type: 'longtask', buffered: true });`,
          );
          const started = Date.now();
          await page.goto(`${base}${target}`, { waitUntil: 'load' });
          await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
          const hydrated = Date.now() - started;
          await page.waitForTimeout(QUIET_MS);
          const { tasks, load } = (await page.evaluate(
            `({ tasks: window.benchLongTasks, load: performance.getEntriesByType('navigation')[0].loadEventEnd })`,
          )) as { tasks: [number, number][]; load: number };
          const after = tasks.filter(([start]) => start >= load).map(([, duration]) => duration);
          runs.push({
            blocking: after.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
            longest: Math.max(0, ...after),
            longTasks: after.length,
            hydrated,
          });
        } finally {
          await context.close();
        }
      }
      table[target] = {
        'blocking after load ms': Math.round(median(runs.map((r) => r.blocking))),
        runs: runs.map((r) => Math.round(r.blocking)).join(' '),
        'longest task ms': Math.round(median(runs.map((r) => r.longest))),
        'long tasks': median(runs.map((r) => r.longTasks)),
        'hydrated after ms': Math.round(median(runs.map((r) => r.hydrated))),
        load: `${before}/${loadavg()[0]!.toFixed(2)}`,
      };
    }
  } finally {
    await browser.close();
  }
  console.log(`\nThe start on a phone: ${CPU}x CPU, 412x823, the median of ${RUNS} runs; long tasks from the load event until quiet`);
  console.table(table);
} finally {
  if (server) await stop(server);
}
