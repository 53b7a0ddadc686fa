// Page benchmark: starts the production server on loopback with demo data, then reports the first-load
// JavaScript of each kind of page (gzip; framework chunks apart), SSR throughput of a results page, and
// Lighthouse (mobile, system Chromium) for /, /rent/bangsar and a listing in each language.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { ready, startServer, stop } from './server.ts';
import { LANGUAGES } from '@kunci/i18n/locales';
import { switchLanguage } from '@kunci/i18n/paths';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env['BENCH_PORT'] ?? 3298);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'kunci-bench-pages-'));
const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
/**
 * React, React DOM and the router (the build puts them in one `framework` chunk, see vite.config.ts) and the
 * router's entry: what an empty app of this stack already ships. Everything else, the bundler's runtime included,
 * counts as ours.
 */
const FRAMEWORK = /^(entry\.client|framework)-/;

function firstLoad(html: string) {
  const assets = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  let total = 0;
  let framework = 0;
  for (const asset of assets) {
    const size = gzipSync(readFileSync(join(root, 'apps/web/build/client', asset)), { level: 9 }).length;
    total += size;
    if (FRAMEWORK.test(asset.split('/').at(-1)!)) framework += size;
  }
  return {
    files: assets.length,
    'total KB': Math.round(total / 102.4) / 10,
    'framework KB': Math.round(framework / 102.4) / 10,
    'ours KB': Math.round((total - framework) / 102.4) / 10,
  };
}

const server = startServer(port, dataDir);
try {
  await ready(server, base);
  const search = (await (await fetch(`${base}/api/properties/search?loc=bangsar&pageSize=1`)).json()) as { content: { id: number }[] };
  const id = search.content[0]!.id;
  const pages = { '/': '/', '/rent/bangsar': '/rent/bangsar', [`/details/${id}`]: `/details/${id}` };

  console.log('\nFirst-load JavaScript (gzip -9)');
  console.table(
    Object.fromEntries(
      await Promise.all(Object.entries(pages).map(async ([name, path]) => [name, firstLoad(await (await fetch(base + path)).text())])),
    ),
  );

  await autocannon({ url: `${base}/rent/bangsar`, connections: 8, duration: 2 });
  const ssr = await autocannon({ url: `${base}/rent/bangsar`, connections: 8, duration: 6 });
  console.log(
    `SSR /rent/bangsar: ${Math.round(ssr.requests.average)} req/s, p50 ${ssr.latency.p50} ms, p99 ${ssr.latency.p99} ms (8 connections, 6 s)`,
  );

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  const rows: Record<string, Record<string, number | string>> = {};
  try {
    for (const lang of LANGUAGES) {
      for (const path of ['/', '/rent/bangsar', `/details/${id}`]) {
        const target = switchLanguage(path, lang);
        // Lighthouse's simulated throttling varies from run to run: each page is measured RUNS times and the
        // run with the median performance score is reported, as Lighthouse's own guidance advises.
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          const result = await lighthouse(`${base}${target}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
            formFactor: 'mobile',
            maxWaitForLoad: 30_000,
          });
          if (result && !result.lhr.runtimeError) runs.push(result.lhr);
        }
        runs.sort((a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0));
        const median = runs[Math.floor(runs.length / 2)];
        if (!median) throw new Error(`Lighthouse failed on ${target}`);
        const { categories, audits } = median;
        rows[target] = {
          performance: Math.round((categories['performance']?.score ?? 0) * 100),
          'performance runs': runs.map((r) => Math.round((r.categories['performance']?.score ?? 0) * 100)).join(' '),
          accessibility: Math.round((categories['accessibility']?.score ?? 0) * 100),
          seo: Math.round((categories['seo']?.score ?? 0) * 100),
          'best practices': Math.round((categories['best-practices']?.score ?? 0) * 100),
          'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          CLS: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          'host index': Math.round(median.environment.benchmarkIndex),
        };
      }
    }
  } finally {
    await chrome.kill();
  }
  console.log('\nLighthouse (mobile, simulated throttling, system Chromium)');
  console.table(rows);
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
