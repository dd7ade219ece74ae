import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { grantOperator, listOperators, OperatorInputError, revokeOperator } from './operators.js';

/**
 * `npm run operator -- grant <email>` / `revoke <email>` / `list`: who is a platform operator
 * (docs/decisions/0031). Runs on the owner connection of the configured database, like the
 * migrations; KAZI_OPERATORS, the environment's own list, is shown by `list` and cannot be
 * revoked here.
 */
const USAGE = 'Usage: npm run operator -- grant <email> | revoke <email> | list';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database);
    if (command === 'grant') {
      const added = await grantOperator(database, email);
      console.log(added ? `${email.toLowerCase()} is now a platform operator.` : `${email.toLowerCase()} was already a platform operator.`);
    } else if (command === 'revoke') {
      const removed = await revokeOperator(database, email);
      const fromEnv = config.operators.includes(email.toLowerCase());
      console.log(removed ? `${email.toLowerCase()} is no longer a platform operator.` : `${email.toLowerCase()} was not granted with this command.`);
      if (fromEnv) console.log(`It is still listed in KAZI_OPERATORS, which keeps it an operator.`);
    } else {
      const rows = await listOperators(database);
      for (const r of rows) console.log(`${r.email}\t${r.user_name ?? '(no user yet)'}\tgranted ${r.created_at} (${r.granted_by})`);
      for (const e of config.operators) console.log(`${e}\t(KAZI_OPERATORS)`);
      if (!rows.length && !config.operators.length) console.log('No platform operators.');
    }
    return 0;
  } catch (err) {
    if (err instanceof OperatorInputError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
