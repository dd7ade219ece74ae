import { parseArgs } from 'node:util';
import { DEFAULT_FAILURES, DEFAULT_SILENT, startMpesaStandIn } from './mpesa.js';
import { startStripeStandIn } from './stripe.js';

/**
 * The stand-ins as their own process, for the browser flows and for paying with `npm start`
 * without real provider accounts:
 *
 *   tsx server/testing/standins/cli.ts stripe --port 4010 --webhook http://localhost:3000/webhooks/stripe
 *   tsx server/testing/standins/cli.ts mpesa --port 4020 [--delay 2000] [--fail-digit 1=1032] [--silent-digit 0]
 *
 * Each prints the environment Kazi needs to use it, then serves until SIGINT/SIGTERM.
 */
const USAGE = 'usage: cli.ts stripe|mpesa [--port N] [--host H] [--webhook URL] [--delay MS] [--fail-digit D=CODE]… [--silent-digit D]…';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      webhook: { type: 'string' },
      delay: { type: 'string', default: '2000' },
      'fail-digit': { type: 'string', multiple: true },
      'silent-digit': { type: 'string', multiple: true },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not ${values.port}`);
  let close: () => Promise<void>;
  let lines: string[];
  if (positionals[0] === 'stripe') {
    const s = await startStripeStandIn({ port, host: values.host, webhookUrl: values.webhook });
    close = s.close;
    lines = [`Stripe stand-in on ${s.url}${values.webhook ? `, sending events to ${values.webhook}` : ' (no --webhook: events are not sent)'}`, `STRIPE_API_URL=${s.url}`, `STRIPE_SECRET_KEY=${s.secretKey}`, `STRIPE_WEBHOOK_SECRET=${s.webhookSecret}`];
  } else if (positionals[0] === 'mpesa') {
    const failures: Record<string, number> = {};
    for (const f of values['fail-digit'] ?? []) {
      const m = /^(\d)=(\d+)$/.exec(f);
      if (!m) throw new Error(`--fail-digit takes DIGIT=RESULTCODE (1=1032), not ${f}`);
      failures[m[1]] = Number(m[2]);
    }
    const m = await startMpesaStandIn({
      port,
      host: values.host,
      callbackDelayMs: Number(values.delay),
      ...(values['fail-digit'] ? { failures } : {}),
      ...(values['silent-digit'] ? { silentDigits: values['silent-digit'] } : {}),
    });
    close = m.close;
    lines = [
      `M-Pesa stand-in on ${m.url}: callbacks after ${values.delay} ms; ${describeOutcomes(values['fail-digit'] ? failures : DEFAULT_FAILURES, values['silent-digit'] ?? DEFAULT_SILENT)}`,
      `MPESA_API_URL=${m.url}`,
      `MPESA_CONSUMER_KEY=${m.consumerKey}`,
      `MPESA_CONSUMER_SECRET=${m.consumerSecret}`,
      `MPESA_SHORTCODE=${m.shortcode}`,
      `MPESA_PASSKEY=${m.passkey}`,
    ];
  } else {
    throw new Error(USAGE);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = () => void close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function describeOutcomes(failures: Readonly<Record<string, number>>, silent: readonly string[]) {
  const parts = Object.entries(failures).map(([digit, code]) => `a phone ending in ${digit} answers ResultCode ${code}`);
  if (silent.length) parts.push(`one ending in ${silent.join(' or ')} never calls back`);
  return `${parts.join(', ')}; any other pays`;
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
