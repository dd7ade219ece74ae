import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AIRTIME_CURRENCIES, type AirtimeMetrics, type AirtimeSendRow } from '../../../common/answers/airtime.js';
import { rows, type Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError, notFound, ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { defaultCurrency } from '../accounting/currency.js';
import { recipientsSql, resolveAudience } from '../delivery/audience.js';
import { attachCounts, deliveryEngine, sendControlRoutes, sendList, sendListFields, sends as s } from '../delivery/index.js';
import { companyPhoneCountry } from '../outreach/contacts.js';
import { defaultAirtimeDriver } from './channel.js';

const ids = (max: number) => z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(max).default([]);

/** the currency of each airtime market, by the company's country */
const COUNTRY_CURRENCY: Record<string, (typeof AIRTIME_CURRENCIES)[number]> = {
  KE: 'KES', UG: 'UGX', TZ: 'TZS', RW: 'RWF', MW: 'MWK', ZM: 'ZMW', NG: 'NGN', GH: 'GHS', ZA: 'ZAR', ET: 'ETB', SN: 'XOF', CI: 'XOF',
};

/** the most one recipient may be sent in one send (a typo guard: 1,000,000 in any currency) */
const MAX_AMOUNT = 1_000_000;

export const airtimeDraftSchema = z
  .object({
    recipients: z
      .object({
        contact_ids: ids(10_000),
        segment_ids: ids(50),
        numbers: z.array(z.string().trim().max(32)).max(10_000, 'Paste at most 10,000 numbers.').default([]),
      })
      .strict(),
    amount: z
      .union([z.string(), z.number()], { error: 'Enter the amount.' })
      .transform((v) => String(v).trim())
      .refine((v) => v !== '', 'Enter the amount.')
      .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v), 'The amount must be a number with at most two decimals.')
      .refine((v) => Number(v) > 0, 'The amount must be greater than 0.')
      .refine((v) => Number(v) <= MAX_AMOUNT, `The amount may not be greater than ${MAX_AMOUNT.toLocaleString('en')}.`),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => (AIRTIME_CURRENCIES as readonly string[]).includes(v), `Airtime can be sent in ${AIRTIME_CURRENCIES.join(', ')}.`)
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    scheduled_at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'The scheduled time must be a date and time (YYYY-MM-DDTHH:MM).')
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
  })
  .strict()
  .refine((d) => d.recipients.contact_ids.length + d.recipients.segment_ids.length + d.recipients.numbers.filter(Boolean).length > 0, {
    path: ['recipients'],
    message: 'Choose who to send to: contacts, segments or numbers.',
  });
type Draft = z.output<typeof airtimeDraftSchema>;

/** The company's airtime currency: its country's network currency, else its own currency when airtime is sold in it, else KES. */
export async function airtimeCurrency(tx: Tx, tenantId: number): Promise<string> {
  const country = await companyPhoneCountry(tx, tenantId);
  if (country && COUNTRY_CURRENCY[country]) return COUNTRY_CURRENCY[country];
  const own = (await defaultCurrency(tx, tenantId).catch(() => null))?.code;
  if (own && (AIRTIME_CURRENCIES as readonly string[]).includes(own)) return own;
  return 'KES';
}

/** a local time in the company's zone → the instant; 422 when it is not in the future */
async function scheduledInstant(tx: Tx, req: FastifyRequest, local: string | null | undefined): Promise<Date | null> {
  if (!local) return null;
  const tz = req.tenant!.timezone || 'UTC';
  const [r] = await rows<{ at: string | null; past: boolean | null }>(
    tx,
    sql`select (${local}::timestamp at time zone ${tz})::text as at, (${local}::timestamp at time zone ${tz}) <= now() as past`,
  );
  if (!r.at || r.past) throw fieldError('scheduled_at', 'The scheduled time must be in the future.');
  return new Date(r.at);
}

/** Writes the send, its recipients (units = the amount) and the credits' hold; answers its id. */
async function store(tx: Tx, req: FastifyRequest, draft: Draft): Promise<number> {
  const tenantId = req.tenant!.id;
  const currency = draft.currency ?? (await airtimeCurrency(tx, tenantId));
  const scheduledAt = await scheduledInstant(tx, req, draft.scheduled_at);
  try {
    const audience = await resolveAudience(tx, tenantId, draft.recipients);
    if (audience.invalid.length) {
      throw fieldError('recipients.numbers', `These numbers could not be read: ${audience.invalid.slice(0, 5).join(', ')}${audience.invalid.length > 5 ? '…' : ''}`);
    }
    const amount = Number(draft.amount).toFixed(2);
    const created = await deliveryEngine(req.server.ctx).createSend(
      tx,
      tenantId,
      {
        channel: 'airtime',
        driver: defaultAirtimeDriver(req.server),
        audience: { contact_ids: [...new Set(draft.recipients.contact_ids)], segment_ids: [...new Set(draft.recipients.segment_ids)], numbers: audience.numbers },
        audienceLabel: audience.label,
        amount,
        currency,
        scheduledAt,
        createdBy: req.user!.id,
      },
      recipientsSql(tenantId, audience, amount, 'airtime'),
      'airtime',
    );
    return created.id;
  } catch (err) {
    // the engine and the audience name the audience; this form calls it recipients
    if (err instanceof ValidationError && Object.keys(err.errors).some((k) => k.startsWith('audience'))) {
      const renamed = Object.fromEntries(
        Object.entries(err.errors).map(([k, v]) =>
          k === 'audience' ? ['recipients', ['No one to send to: every recipient was left out (suppressed, or no phone number).']] : [k.replace(/^audience/, 'recipients'), v],
        ),
      );
      throw new ValidationError(renamed);
    }
    throw err;
  }
}

/** Sends of airtime (GET /airtime/sends/json, /airtime/sends/get-send/{id}): the Overview's recent sends. */
export const airtimeSendResource = defineResource({
  label: 'Airtime send',
  singular: 'send',
  base: '/airtime/sends',
  ...sendList('airtime'),
  fields: answerFields<AirtimeSendRow, 'counts'>()({
    ...sendListFields,
    amount: sql<string>`coalesce(${s.amount}, 0)::numeric(20,2)::text`,
    currency: sql<string>`coalesce(${s.currency}, '')`,
  }),
  searchable: ['audience_label'],
  access: { view: 'airtime.view', create: 'airtime.send', update: 'airtime.send', delete: 'airtime.send' },
});

async function sendOf(req: FastifyRequest, id: number): Promise<AirtimeSendRow> {
  return req.tenantTx(async (tx) => {
    const [row] = await tx
      .select(airtimeSendResource.def.fields)
      .from(s)
      .where(and(eq(s.tenantId, req.tenant!.id), eq(s.id, id), eq(s.channel, 'airtime')));
    if (!row) throw notFound('Airtime send');
    const r = row as unknown as AirtimeSendRow;
    await attachCounts(tx, req.tenant!.id, [r]);
    return r;
  });
}

/** SPEC §3 airtime metrics, over every recipient of the company's airtime sends: one read. */
export async function airtimeMetrics(tx: Tx, tenantId: number): Promise<AirtimeMetrics> {
  const currency = await airtimeCurrency(tx, tenantId);
  const [m] = await rows<{ total: number; scheduled: number; pending: number; successful: number; failed: number; total_sent: string }>(
    tx,
    sql`select count(*)::int as total,
               count(*) filter (where x.status = 'scheduled')::int as scheduled,
               count(*) filter (where x.status <> 'scheduled' and d.state in ('queued', 'sending', 'sent', 'unknown'))::int as pending,
               count(*) filter (where d.state = 'delivered')::int as successful,
               count(*) filter (where d.state in ('failed', 'rejected'))::int as failed,
               coalesce(sum(d.units) filter (where d.state = 'delivered' and x.currency = ${currency}), 0)::numeric(20,2)::text as total_sent
          from deliveries d join sends x on x.tenant_id = d.tenant_id and x.id = d.send_id
         where d.tenant_id = ${tenantId} and d.channel = 'airtime'`,
  );
  return {
    total: Number(m.total),
    scheduled: Number(m.scheduled),
    pending: Number(m.pending),
    successful: Number(m.successful),
    failed: Number(m.failed),
    total_sent: m.total_sent,
    currency,
  };
}

export function airtimeSendRoutes(app: FastifyInstance) {
  airtimeSendResource.routes(app);
  const engine = deliveryEngine(app.ctx);

  app.post('/airtime/send', { config: { access: 'airtime.send' } }, async (req, reply) => {
    const draft = validate(airtimeDraftSchema, req.body ?? {});
    const id = await req.tenantTx((tx) => store(tx, req, draft));
    const data = await sendOf(req, id);
    await engine.kick(req.tenant!.id, id, data.scheduled_at ? new Date(data.scheduled_at) : null);
    return reply.code(201).send({ message: data.status === 'scheduled' ? 'Airtime scheduled successfully' : 'Airtime queued for sending', data });
  });

  // a send paused (by the provider's account, the error rate, or a member) resumes where it stopped; cancel gives back what has not gone
  sendControlRoutes(app, { base: '/airtime/sends', channel: 'airtime', access: 'airtime.send', label: 'Airtime send', name: 'Airtime', thing: 'airtime send', answer: sendOf });

  app.get('/airtime/metrics', { config: { access: 'airtime.view' } }, async (req) => {
    return { data: await req.tenantTx((tx) => airtimeMetrics(tx, req.tenant!.id)) };
  });
}
