import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { DEMO_EMAIL, DEMO_PASSWORD, demoExists, seedDemo } from './demo.js';

// `npm run db:seed`: seeds the demo tenant unless it is already there.
const config = loadConfig();
const database = await openDatabase(config);
await migrate(database);
if (await demoExists(database)) process.stdout.write('the demo tenant is already there\n');
else await seedDemo(database, new Date(), config);
process.stdout.write(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n`);
await database.close();
