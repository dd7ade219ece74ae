import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildIfStale, ROOT } from '../scripts/build-if-stale.mjs';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { STANDIN_AT } from '../server/testing/standins/africastalking';
import { STANDIN_MPESA } from '../server/testing/standins/mpesa';
import { STANDIN_OAUTH_CLIENT } from '../server/testing/standins/oauth';
import { STANDIN_SECRET_KEY, STANDIN_WEBHOOK_SECRET } from '../server/testing/standins/stripe';
import { E2E_APP_KEY } from './app-key';

/**
 * Runs once before the browser flows: builds the client when stale, finds (or installs)
 * chromium, then starts the real server (`node --import tsx server/main.ts`) on a free port with
 * a fresh embedded database and the demo tenant, exactly as `npm start` would run it.
 *
 * With E2E_DATABASE_URL set (a PostgreSQL server the run may create databases on, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres), the server runs on PostgreSQL instead: a fresh
 * database kazi_e2e_<pid>_<time> is created there, the server migrates it and seeds the demo
 * tenant at start (DATABASE_URL=…, SEED_DEMO=true), and it is dropped at teardown.
 *
 * The server's output goes to test-results/e2e-server.log (and to the console as well with
 * E2E_SERVER_OUTPUT=1); it is printed here when the server fails to come up.
 */

// A deadline, not a wait: readiness is polled and the flows start as soon as GET /login answers.
// A cold start (tsx, PGlite, migrations, the demo seed) took over 60 s beside other work (load ~10).
const READY_TIMEOUT_MS = 180_000;
const DEMO_LINE_GRACE_MS = 5_000;
const STOP_TIMEOUT_MS = 15_000;
export const SERVER_LOG = join(ROOT, 'test-results', 'e2e-server.log');

export type DemoLogin = { email: string; password: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server under test */
    baseURL: string;
    /** its DATA_DIR (embedded database, app key, mail copies), removed after the run */
    dataDir: string;
    /** the login the server printed at start (`Demo login: <email> / <password>`), if any */
    demoLogin: DemoLogin | null;
    /** the chromium executable the flows drive */
    chromiumPath: string;
    /** where the server's output is written */
    serverLog: string;
    /**
     * the ports the server expects its payment providers on: a flow that pays starts the Stripe
     * and M-Pesa stand-ins (server/testing/standins) there itself; other flows never reach them
     */
    paymentStandIns: { stripePort: number; mpesaPort: number };
    /**
     * the port the server expects Africa's Talking on (SMS_DRIVERS=africastalking): a flow that
     * sends SMS starts the stand-in there itself, with its company's delivery-report address
     */
    smsStandIns: { africastalkingPort: number };
    /** the port the server expects Mailgun's API on (MAILGUN_API_URL): an email flow starts the stand-in there itself */
    emailStandIns: { mailgunPort: number };
    /**
     * Gmail sign-in: the ports the server expects the OAuth stand-in (as Google's endpoints), and
     * Gmail's IMAP and SMTP servers on; the mailbox OAuth flow starts them there itself
     */
    mailboxStandIns: { oauthPort: number; imapPort: number; smtpPort: number };
  }
}

export default async function setup(project: TestProject) {
  await buildIfStale({ root: ROOT, log: (line) => console.log(`[e2e] ${line}`) });
  const chromiumPath = ensureChromium({ log: (line) => console.log(`[e2e] ${line}`) });

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const paymentStandIns = { stripePort: await freePort(), mpesaPort: await freePort() };
  const smsStandIns = { africastalkingPort: await freePort() };
  const emailStandIns = { mailgunPort: await freePort() };
  const mailboxStandIns = { oauthPort: await freePort(), imapPort: await freePort(), smtpPort: await freePort() };
  const dataDir = mkdtempSync(join(tmpdir(), 'kazi-e2e-'));
  const postgres = process.env.E2E_DATABASE_URL ? await createPostgresDatabase(process.env.E2E_DATABASE_URL) : null;
  if (postgres) console.log(`[e2e] server on PostgreSQL, database ${postgres.name}`);
  const server = new ServerProcess(port, baseURL, dataDir, postgres?.url ?? null, {
    ...standInEnv(paymentStandIns),
    ...smsStandInEnv(smsStandIns),
    MAILGUN_API_URL: `http://127.0.0.1:${emailStandIns.mailgunPort}`,
    // the mailbox flow connects to the Dovecot and the SMTP listener it starts on this machine (the SSRF guard's allowance)
    MAILBOX_ALLOWED_HOSTS: '127.0.0.1',
    // Gmail through the OAuth stand-in; Microsoft stays unconfigured (its Setup page says so)
    MAILBOX_GOOGLE_CLIENT_ID: STANDIN_OAUTH_CLIENT.id,
    MAILBOX_GOOGLE_CLIENT_SECRET: STANDIN_OAUTH_CLIENT.secret,
    MAILBOX_GOOGLE_AUTH_URL: `http://127.0.0.1:${mailboxStandIns.oauthPort}/authorize`,
    MAILBOX_GOOGLE_TOKEN_URL: `http://127.0.0.1:${mailboxStandIns.oauthPort}/token`,
    MAILBOX_GOOGLE_IMAP: `127.0.0.1:${mailboxStandIns.imapPort}:none`,
    MAILBOX_GOOGLE_SMTP: `127.0.0.1:${mailboxStandIns.smtpPort}:none`,
  });
  const cleanUp = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };

  try {
    await server.waitUntilReady();
  } catch (error) {
    await cleanUp();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n` +
        `--- server output (${SERVER_LOG}) ---\n${server.output() || '(nothing)'}\n--- end of server output ---`,
      { cause: error },
    );
  }
  const demoLogin = await server.demoLogin(DEMO_LINE_GRACE_MS);

  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('demoLogin', demoLogin);
  project.provide('chromiumPath', chromiumPath);
  project.provide('serverLog', SERVER_LOG);
  project.provide('paymentStandIns', paymentStandIns);
  project.provide('smsStandIns', smsStandIns);
  project.provide('emailStandIns', emailStandIns);
  project.provide('mailboxStandIns', mailboxStandIns);

  return cleanUp;
}

/**
 * A fresh, empty database on the PostgreSQL server at `serverUrl` (its path names the database
 * to connect to for CREATE/DROP DATABASE), named after this process and the time so runs side by
 * side do not meet. `drop()` removes it, closing the connections left to it.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `kazi_e2e_${process.pid}_${Date.now()}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`E2E_DATABASE_URL: cannot connect to ${redact(serverUrl)} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

/** The server's payment settings for the stand-ins' fixed test credentials on the given ports. */
function standInEnv({ stripePort, mpesaPort }: { stripePort: number; mpesaPort: number }): NodeJS.ProcessEnv {
  return {
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    STRIPE_SECRET_KEY: STANDIN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
    MPESA_API_URL: `http://127.0.0.1:${mpesaPort}`,
    MPESA_CONSUMER_KEY: STANDIN_MPESA.consumerKey,
    MPESA_CONSUMER_SECRET: STANDIN_MPESA.consumerSecret,
    MPESA_SHORTCODE: STANDIN_MPESA.shortcode,
    MPESA_PASSKEY: STANDIN_MPESA.passkey,
  };
}

/**
 * SMS through the Africa's Talking stand-in's fixed test account on the given port, and only
 * through it; airtime through the log driver (which posts each top-up's status back into the
 * app), since the stand-in runs only while the SMS flow does.
 */
function smsStandInEnv({ africastalkingPort }: { africastalkingPort: number }): NodeJS.ProcessEnv {
  return {
    AT_USERNAME: STANDIN_AT.username,
    AT_API_KEY: STANDIN_AT.apiKey,
    AT_API_URL: `http://127.0.0.1:${africastalkingPort}`,
    SMS_DRIVERS: 'africastalking',
    AIRTIME_DRIVERS: 'log',
  };
}

class ServerProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private exited: string | null = null;
  private readonly exitPromise: Promise<void>;
  private readonly removeExitHook: () => void;

  constructor(
    port: number,
    private readonly baseURL: string,
    dataDir: string,
    databaseUrl: string | null,
    extraEnv: NodeJS.ProcessEnv = {},
  ) {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The flows run against a fresh database (embedded, or the one made for them on
    // E2E_DATABASE_URL), whatever this shell points at; and the server runs in its default mode,
    // as `npm start` does, not in vitest's NODE_ENV=test.
    for (const name of Object.keys(env)) {
      if (name === 'DATABASE_URL' || name === 'E2E_DATABASE_URL' || name === 'NODE_ENV' || name.startsWith('VITEST')) delete env[name];
    }
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    Object.assign(env, extraEnv, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      MAIL_URL: 'log',
      APP_URL: baseURL,
      // known to the flows, which sign public links (unsubscribe) the way the server does
      APP_KEY: E2E_APP_KEY,
      FORCE_COLOR: '0',
    });

    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    const log = createWriteStream(SERVER_LOG);
    const echo = process.env.E2E_SERVER_OUTPUT === '1';

    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        log.write(chunk);
        if (echo) process.stdout.write(chunk);
        const parts = (partial + chunk).split('\n');
        partial = parts.pop() ?? '';
        this.lines.push(...parts);
      });
      stream?.on('end', () => {
        if (partial) this.lines.push(partial);
      });
    }
    this.exitPromise = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exited = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        log.end();
        resolve();
      });
      this.child.on('error', (error) => {
        this.exited = `could not be started: ${error.message}`;
        log.end();
        resolve();
      });
    });
    // If the test run dies without teardown, do not leave a server behind.
    const kill = () => this.child.kill('SIGKILL');
    process.on('exit', kill);
    this.removeExitHook = () => process.off('exit', kill);
  }

  output(): string {
    return this.lines.join('\n').trim();
  }

  async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (this.exited) throw new Error(`The server ${this.exited} before answering GET /login.`);
      try {
        const response = await fetch(`${this.baseURL}/login`, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
        last = `GET /login answered ${response.status}`;
      } catch (error) {
        last = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      }
      await sleep(250);
    }
    throw new Error(`The server did not answer GET /login with 200 within ${READY_TIMEOUT_MS / 1000} s (${last}).`);
  }

  /** The `Demo login: <email> / <password>` line, waiting briefly in case it follows readiness. */
  async demoLogin(graceMs: number): Promise<DemoLogin | null> {
    const deadline = Date.now() + graceMs;
    for (;;) {
      for (const line of this.lines) {
        const found = parseDemoLogin(line);
        if (found) return found;
      }
      if (Date.now() >= deadline || this.exited) return null;
      await sleep(100);
    }
  }

  async stop(): Promise<void> {
    this.removeExitHook();
    if (this.exited) return;
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      this.exitPromise.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (!stopped) {
      console.warn(`[e2e] the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killing it`);
      this.child.kill('SIGKILL');
      await this.exitPromise;
    }
  }
}

/** Reads `Demo login: <email> / <password>` from a plain line or from a JSON log line's msg. */
export function parseDemoLogin(raw: string): DemoLogin | null {
  // eslint-disable-next-line no-control-regex -- strip terminal colour codes
  let line = raw.replace(/\u001b\[[0-9;]*m/g, '').trim();
  if (line.startsWith('{')) {
    try {
      const parsed = JSON.parse(line) as { msg?: unknown };
      if (typeof parsed.msg === 'string') line = parsed.msg;
    } catch {
      // not JSON after all: use the line as it is
    }
  }
  const match = /Demo login:\s*(\S+@\S+)\s+\/\s+(\S+)\s*$/.exec(line);
  return match ? { email: match[1], password: match[2] } : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port found'))));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
