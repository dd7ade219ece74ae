import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
const config = loadConfig();
const database = await openDatabase(config);
const applied = await migrate(database);
await database.close();
process.stdout.write(applied ? 'migrations applied\n' : 'the database is current: nothing to apply\n');
