import { parseArgs } from 'node:util';
import { startAfricasTalkingStandIn, type NumberRule } from './africastalking.js';
import { startMailgunStandIn } from './mailgun.js';
import { startOAuthStandIn } from './oauth.js';
import { DEFAULT_FAILURES, DEFAULT_SILENT, startMpesaStandIn } from './mpesa.js';
import { startS3StandIn } from './s3.js';
import { startStripeStandIn } from './stripe.js';

/**
 * The stand-ins as their own process, for the browser flows and for paying with `npm start`
 * without real provider accounts:
 *
 *   tsx server/testing/standins/cli.ts stripe --port 4010 --webhook http://localhost:3000/webhooks/stripe
 *   tsx server/testing/standins/cli.ts mpesa --port 4020 [--delay 2000] [--fail-digit 1=1032] [--silent-digit 0]
 *   tsx server/testing/standins/cli.ts mailgun --port 4040 [--webhook URL] [--domain mg.example.org]…
 *       (with --webhook each accepted message is reported delivered at once; POST /_standin/event {to, kind} posts another event)
 *   tsx server/testing/standins/cli.ts africastalking --port 4030 --webhook http://localhost:3000/webhooks/sms/delivery/<tenant>/<token>
 *       [--airtime-status URL] [--inbound URL] [--optout URL] [--delay 2000] [--fail-digit 9=403]… [--silent-digit 0]
 *   tsx server/testing/standins/cli.ts s3 --port 4050
 *   tsx server/testing/standins/cli.ts oauth --port 4060 --redirect http://localhost:3000/mailbox/oauth/gmail/callback [--email me@example.org]
 *       (Google's and Microsoft's sign-in for mailboxes: authorization code with PKCE, refresh tokens, introspection at /introspect)
 *
 * Each prints the environment Kazi needs to use it, then serves until SIGINT/SIGTERM.
 */
const USAGE =
  'usage: cli.ts stripe|mpesa|africastalking|mailgun|s3|oauth [--redirect URL]… [--email ADDRESS] [--domain NAME]… [--port N] [--host H] [--webhook URL] [--airtime-status URL] [--inbound URL] [--optout URL] [--delay MS] [--fail-digit D=CODE]… [--silent-digit D]…';

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
      'airtime-status': { type: 'string' },
      inbound: { type: 'string' },
      optout: { type: 'string' },
      domain: { type: 'string', multiple: true },
      redirect: { type: 'string', multiple: true },
      email: { type: 'string' },
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
  } else if (positionals[0] === 'mailgun') {
    const m = await startMailgunStandIn({ port, host: values.host, webhookUrl: values.webhook, autoEvents: Boolean(values.webhook), domains: (values.domain ?? []).map((name) => ({ name, state: 'active' as const })) });
    close = m.close;
    lines = [
      `Mailgun stand-in on ${m.url}${values.webhook ? `, reporting each message delivered to ${values.webhook}` : ' (no --webhook: events are not sent)'}`,
      `MAILGUN_API_URL=${m.url}`,
      `# API key: ${m.apiKey}`,
      `# webhook signing key: ${m.signingKey}`,
    ];
  } else if (positionals[0] === 'africastalking') {
    // SMS: --fail-digit D=CODE refuses numbers ending in D with that statusCode (403, 406, …); --silent-digit D never reports
    const numbers: Record<string, NumberRule> = {};
    for (const f of values['fail-digit'] ?? []) {
      const m = /^(\d)=(\d{3})$/.exec(f);
      if (!m) throw new Error(`--fail-digit takes DIGIT=STATUSCODE (9=403), not ${f}`);
      numbers[m[1]] = { ...numbers[m[1]], refuse: Number(m[2]) };
    }
    for (const d of values['silent-digit'] ?? []) numbers[d] = { ...numbers[d], report: 'none' };
    const at = await startAfricasTalkingStandIn({
      port,
      host: values.host,
      callbackDelayMs: Number(values.delay),
      numbers,
      deliveryReportUrl: values.webhook,
      airtimeStatusUrl: values['airtime-status'],
      inboundUrl: values.inbound,
      optOutUrl: values.optout,
    });
    close = at.close;
    const rules = Object.entries(numbers).map(([d, r]) => (r.refuse ? `a number ending in ${d} is refused with ${r.refuse}` : `one ending in ${d} is never reported`));
    lines = [
      `Africa's Talking stand-in on ${at.url}: delivery reports ${values.webhook ? `to ${values.webhook}` : 'not sent (no --webhook)'} after ${values.delay} ms; ${rules.length ? `${rules.join(', ')}; ` : ''}any other is delivered`,
      `AT_API_URL=${at.url}`,
      `AT_USERNAME=${at.username}`,
      `AT_API_KEY=${at.apiKey}`,
      `AT_SENDER_ID=KAZI`,
    ];
  } else if (positionals[0] === 's3') {
    const s = await startS3StandIn({ port, host: values.host });
    close = s.close;
    lines = [
      `S3 stand-in on ${s.url}: bucket ${s.bucket}, objects kept in memory until it stops`,
      `MEDIA_S3_ENDPOINT=${s.url}`,
      `MEDIA_S3_BUCKET=${s.bucket}`,
      `MEDIA_S3_REGION=${s.region}`,
      `MEDIA_S3_ACCESS_KEY_ID=${s.accessKeyId}`,
      `MEDIA_S3_SECRET_ACCESS_KEY=${s.secretAccessKey}`,
    ];
  } else if (positionals[0] === 'oauth') {
    if (!values.redirect?.length) throw new Error('oauth needs --redirect APP_URL/mailbox/oauth/gmail/callback (and the outlook one, if used)');
    const o = await startOAuthStandIn({ port, host: values.host, redirectUris: values.redirect, email: values.email });
    close = o.close;
    const provider = values.redirect.some((r) => r.includes('/outlook/')) ? 'MICROSOFT' : 'GOOGLE';
    lines = [
      `OAuth stand-in on ${o.url}: consent page at ${o.authUrl}, tokens at ${o.tokenUrl}, introspection at ${o.introspectionUrl}`,
      `MAILBOX_${provider}_CLIENT_ID=${o.clientId}`,
      `MAILBOX_${provider}_CLIENT_SECRET=${o.clientSecret}`,
      `MAILBOX_${provider}_AUTH_URL=${o.authUrl}`,
      `MAILBOX_${provider}_TOKEN_URL=${o.tokenUrl}`,
      `# and MAILBOX_${provider}_IMAP / _SMTP (host:port:security) for servers that take its tokens`,
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
