import { loadConfig } from '../config/env.ts';
import { openServices } from '../services.ts';

// Opening the services migrates and loads reference data; nothing else to do.
const services = await openServices(loadConfig());
console.log(`Database (${services.database.driver}) is migrated and reference data is loaded.`);
await services.close();
