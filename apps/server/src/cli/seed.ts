import { parseArgs } from 'node:util';
import { countDemoListings, seedDemo } from '@kunci/db/demo/seed';
import { loadConfig } from '../config/env.ts';
import { openServices } from '../services.ts';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '600' }, batch: { type: 'string', default: '1000' } } });
const total = Number(values.listings);
const batchSize = Number(values.batch);
if (!Number.isInteger(total) || total < 0 || total > 1_000_000) {
  console.error('--listings must be a whole number from 0 to 1000000');
  process.exit(2);
}
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1500) {
  console.error('--batch must be a whole number from 1 to 1500');
  process.exit(2);
}

// A batch job: no statement limit (vacuuming a million listings takes a while).
const config = { ...loadConfig(), databaseTimeoutMs: 0 };
const services = await openServices(config);
const started = Date.now();
let firstDone: number | undefined;
const bar = (done: number, of: number) => {
  firstDone ??= done;
  const width = 30;
  const ratio = of ? done / of : 1;
  const seconds = (Date.now() - started) / 1000;
  const rate = seconds > 0 ? (done - firstDone) / seconds : 0;
  const eta = rate > 0 ? Math.round((of - done) / rate) : 0;
  const filled = '#'.repeat(Math.round(ratio * width)).padEnd(width, '.');
  process.stderr.write(
    `\r[${filled}] ${done.toLocaleString('en')}/${of.toLocaleString('en')} listings  ${Math.round(rate).toLocaleString('en')}/s  eta ${eta}s   `,
  );
};
const { created } = await seedDemo(services.database.db, services.store, { listings: total, batchSize, onProgress: bar });
process.stderr.write('\n');
console.log(
  `Created ${created} listings; ${await countDemoListings(services.database.db)} demo listings in the ${services.database.driver} database (${((Date.now() - started) / 1000).toFixed(1)} s).`,
);
await services.close();
