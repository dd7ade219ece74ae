import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';

/** Typed configuration, read from the environment only (ARCHITECTURE "Running"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  appUrl: string;
  appKey: string;
  mailUrl: string;
  mailFrom: string;
  redisUrl: string | null;
  seedDemo: boolean | null;
  /** run the job workers inside the web process (default) or leave them to `npm run worker` */
  inProcessWorkers: boolean;
  logLevel: string;
  /** KAZI_OPERATORS: e-mails of platform operators, besides those granted with `npm run operator` (lower case) */
  operators: string[];
  env: 'production' | 'development' | 'test';
}

export class ConfigError extends Error {}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const portMsg = 'must be a port number between 0 and 65535';

const schema = z.object({
  PORT: z.coerce
    .number({ error: portMsg })
    .int({ error: portMsg })
    .min(0, { error: portMsg })
    .max(65535, { error: portMsg })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  APP_URL: z.string().url().optional(),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MAIL_URL: z
    .string()
    .regex(/^(log|smtps?:\/\/.+)$/, 'must be "log" or an smtp:// URL')
    .default('log'),
  MAIL_FROM: z.string().min(3).default('Kazi <no-reply@kazi.local>'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  SEED_DEMO: bool.optional(),
  WORKERS: z.enum(['in-process', 'none'], { error: 'must be in-process or none' }).default('in-process'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level (info, debug, …)' })
    .default('info'),
  KAZI_OPERATORS: z
    .string()
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)), 'must be a comma-separated list of e-mail addresses')
    .optional(),
  NODE_ENV: z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }).default('development'),
});

/** Parses the environment; throws ConfigError with one readable line on bad input. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appKey: e.APP_KEY ?? appKeyFromDataDir(dataDir),
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL ?? null,
    seedDemo: e.SEED_DEMO ?? null,
    inProcessWorkers: e.WORKERS === 'in-process',
    logLevel: e.LOG_LEVEL,
    operators: e.KAZI_OPERATORS ?? [],
    env: e.NODE_ENV,
  };
}

/** APP_KEY is generated once into DATA_DIR when not given, so restarts keep sessions and signed links valid. */
function appKeyFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
