import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { JobQueue } from '../jobs/queue.js';

/**
 * Migrates one template database per test run; every test file then clones it
 * (a directory copy for PGlite, CREATE DATABASE … TEMPLATE for PostgreSQL)
 * instead of paying for a fresh migration.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL || null;
  if (url) {
    const name = `kazi_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const templateUrl = withDatabase(url, name);
    await prepare(templateUrl, '');
    project.provide('dbTemplate', name);
    project.provide('dbUrl', url);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`kazi_t_${process.pid}_%`, name],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'kazi-template-'));
  await prepare(null, dir);
  project.provide('dbTemplate', join(dir, 'pgdata'));
  project.provide('dbUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function prepare(databaseUrl: string | null, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
  await migrate(database);
  // the job queue's own schema, so cloned databases start it quickly
  const queue = new JobQueue(database, pino({ level: 'silent' }));
  await queue.start(false);
  await queue.stop();
  await database.close();
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
    dbUrl: string;
  }
}
