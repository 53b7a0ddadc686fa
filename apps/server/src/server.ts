import { EnvError, loadConfig, type Config } from './config/env.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Kunci cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

// The configuration is checked before the app's modules load: a misconfigured start is refused in a moment.
const config = readConfig();
const [
  { countDemoListings, hasListings, seedDemo },
  { seedDemoPromotions },
  { seedDemoVideos },
  { buildApp },
  { DEMO_ACCOUNTS, ensureDemoAccounts },
  { openServices, StartupError },
] = await Promise.all([
  import('@kunci/db/demo/seed'),
  import('@kunci/db/demo/promotions'),
  import('@kunci/db/demo/videos'),
  import('./app.ts'),
  import('./cli/demo-accounts.ts'),
  import('./services.ts'),
]);
// PostgreSQL or Redis unreachable at start: one line and exit 1 at once; a supervisor restarts the process.
const services = await openServices(config).catch((error: unknown) => {
  if (!(error instanceof StartupError)) throw error;
  console.error(`Kunci cannot start. ${error.message}`);
  process.exit(1);
});
if (config.seedDemoListings > 0 && !(await hasListings(services.database.db))) {
  console.log(`Seeding ${config.seedDemoListings} demo listings (first run only)...`);
  await seedDemo(services.database.db, services.store, { listings: config.seedDemoListings });
  console.log(`Seeded ${await countDemoListings(services.database.db)} demo listings.`);
}

// Accounts with published passwords exist only in a demo, never on a deployment.
if (config.demoMode && config.seedDemoListings > 0) await ensureDemoAccounts(services.database.db);
// Demo hot deals and partner campaigns over the demo listings (once).
if (config.demoMode && config.seedDemoListings > 0) await seedDemoPromotions(services.database.db);
// Demo video tours on a few demo listings, so /reels has something to show (once).
if (config.demoMode && config.seedDemoListings > 0) await seedDemoVideos(services.database.db, services.store);

const app = await buildApp({ config, ...services });
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`Kunci is serving http://localhost:${port} (database: ${services.database.driver}${services.redis ? ', redis' : ''})`);
if (config.demoMode && config.seedDemoListings > 0) {
  console.log(`Demo accounts (sign in with the password, or by PIN read from http://localhost:${port}/dev/outbox on this machine):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.role.padEnd(10)} ${account.phoneNumber}  password ${account.password}`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  try {
    // Pages being made finish first: closing refuses their calls to the API at once.
    await app.drainPages();
    await app.close();
    await services.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
