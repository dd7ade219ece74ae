import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
const config = loadConfig();
const database = await openDatabase(config);
await migrate(database);
await database.close();
process.stdout.write('migrations applied\n');
