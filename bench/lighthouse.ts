// Lighthouse on mobile (simulated throttling, system Chromium), the median of three runs per page: the home page,
// /rent/bangsar and a listing in each language, and a content page. Starts the production server on loopback over
// the data the page benchmark seeded (bench/pages.ts), or measures a server already running (--base).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kunci_bench node bench/lighthouse.ts
//   node bench/lighthouse.ts --base http://127.0.0.1:3000 --runs 3 --languages en,ms
// The load average is printed beside every row: Lighthouse's simulation scales with how busy the machine is.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { measuredPages, pagesSite, ready, stop } from './server.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    runs: { type: 'string', default: '3' },
    languages: { type: 'string' },
    /** The data folder the server uses (the page benchmark's by default). */
    'data-dir': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const load = () => loadavg()[0]!.toFixed(2);

const { base, server } = pagesSite({ base: values.base, dataDir: values['data-dir'], port: Number(process.env['BENCH_PORT'] ?? 3297) });

/** One Lighthouse result's figures. */
interface Figures {
  performance: number;
  accessibility: number;
  seo: number;
  'best practices': number;
  'FCP ms': number;
  'LCP ms': number;
  'TBT ms': number;
  CLS: number;
  'host index': number;
}

try {
  if (server) await ready(server, base);
  const targets = await measuredPages(base, values.languages);

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const table: Record<string, Figures & { 'performance runs': string; load: string }> = {};
  try {
    for (const target of targets) {
      const before = load();
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${target}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
          formFactor: 'mobile',
          maxWaitForLoad: 30_000,
        });
        if (!result || result.lhr.runtimeError) continue;
        const { categories, audits, environment } = result.lhr;
        const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          seo: score('seo'),
          'best practices': score('best-practices'),
          'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          CLS: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          'host index': Math.round(environment.benchmarkIndex),
        });
      }
      // The run with the median performance score, as Lighthouse's own guidance on variability advises.
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (!median) throw new Error(`Lighthouse failed on ${target}`);
      table[target] = { ...median, 'performance runs': runs.map((r) => r.performance).join(' '), load: `${before}/${load()}` };
    }
  } finally {
    await chrome.kill();
  }
  console.log(`\nLighthouse, mobile (simulated throttling, system Chromium), the median of ${RUNS} runs; load is the 1-minute average before/after`);
  console.table(table);
} finally {
  if (server) await stop(server);
}
