import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { cloneDatabase } from '../../testing/app.js';
import type { Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { grantOperator, isOperator, listOperators, OperatorInputError, revokeOperator } from './operators.js';

/** Who is a platform operator (docs/decisions/0031): the table the CLI writes, and KAZI_OPERATORS. */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
});
afterAll(() => drop());

const none = { operators: [] as string[] };

describe('platform operators', () => {
  it('grants by e-mail in any case, once; revokes; lists', async () => {
    expect(await isOperator(database, none, 'Ops@Kazi.test')).toBe(false);
    expect(await grantOperator(database, ' Ops@Kazi.test ')).toBe(true);
    expect(await grantOperator(database, 'ops@kazi.test')).toBe(false);
    expect(await isOperator(database, none, 'OPS@kazi.test')).toBe(true);
    expect(await listOperators(database)).toEqual([expect.objectContaining({ email: 'ops@kazi.test', granted_by: 'cli', user_name: null })]);
    expect(await revokeOperator(database, 'OPS@kazi.test')).toBe(true);
    expect(await revokeOperator(database, 'ops@kazi.test')).toBe(false);
    expect(await isOperator(database, none, 'ops@kazi.test')).toBe(false);
    await expect(grantOperator(database, 'not an email')).rejects.toBeInstanceOf(OperatorInputError);
  });

  it('KAZI_OPERATORS counts too, read in lower case; a bad list is a one-line configuration error', () => {
    const config = loadConfig({ NODE_ENV: 'test', APP_KEY: 'k'.repeat(32), KAZI_OPERATORS: ' A@Kazi.test, b@kazi.test ,' });
    expect(config.operators).toEqual(['a@kazi.test', 'b@kazi.test']);
    expect(() => loadConfig({ NODE_ENV: 'test', APP_KEY: 'k'.repeat(32), KAZI_OPERATORS: 'a@kazi.test,nobody' })).toThrow(
      'Invalid configuration: KAZI_OPERATORS must be a comma-separated list of e-mail addresses',
    );
    return expect(isOperator(database, config, 'b@KAZI.test')).resolves.toBe(true);
  });

  it('the app role cannot read the table: only the owner connection can', async () => {
    await grantOperator(database, 'hidden@kazi.test');
    const read = withTenant(database, 1, (tx) => tx.execute(sql`select email from platform_operators`));
    await expect(read).rejects.toSatisfy((e: Error & { cause?: Error }) => /permission denied/.test(`${e.message} ${e.cause?.message ?? ''}`));
  });
});

describe('npm run operator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kazi-operator-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    promisify(execFile)('npx', ['tsx', 'server/modules/platform/cli.ts', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'silent' } }).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
    );

  it('grants and revokes on the configured database; a wrong call is exit code 2 with the usage', async () => {
    expect(await run('grant', 'Boss@Kazi.test')).toMatchObject({ code: 0, out: 'boss@kazi.test is now a platform operator.\n' });
    expect(await run('revoke', 'boss@kazi.test')).toMatchObject({ code: 0, out: 'boss@kazi.test is no longer a platform operator.\n' });
    expect(await run('promote', 'x@y.z')).toMatchObject({ code: 2, err: expect.stringContaining('Usage: npm run operator') });
  }, 120_000);
});
