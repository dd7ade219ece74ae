import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SmsDraft, SmsMessageRow, SmsPreview, SmsSettings } from '../../../common/answers/sms.js';
import { rows, type Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { messageParts } from '../../providers/sms/index.js';
import { deliveryEngine, sendControlRoutes, sendIdOf, sendList, sendListFields, sends as s } from '../delivery/index.js';
import { loadContactFields } from '../outreach/fields.js';
import { balances, rateSettings } from '../wallet/index.js';
import { audienceFigures, recipientsSql, resolveAudience } from './audience.js';
import { defaultSmsDriver, smsRules } from './channel.js';
import { compileMessage, MessageTemplateError, type RenderContact } from '../outreach/message-render.js';
import { readSettings } from './settings.js';
import { attachCounts, emptyCounts } from './transactions.js';

const ids = (max: number) => z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(max).default([]);

export const draftSchema = z
  .object({
    message: z.string({ error: 'Enter the message.' }).trim().min(1, 'Enter the message.').max(1600, 'The message may not be greater than 1600 characters.'),
    audience: z
      .object({
        contact_ids: ids(10_000),
        segment_ids: ids(50),
        numbers: z.array(z.string().trim().max(32)).max(10_000, 'Paste at most 10,000 numbers.').default([]),
      })
      .strict(),
    sender_id: z
      .string()
      .trim()
      .regex(/^(?=.*[A-Za-z])[A-Za-z0-9 ._-]{1,11}$|^\+?\d{3,15}$/, 'The sender ID must be up to 11 letters and digits, or a short code.')
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    scheduled_at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'The scheduled time must be a date and time (YYYY-MM-DDTHH:MM).')
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    ignore_quiet_hours: z.boolean().default(false),
    template_id: z.coerce.number().int().positive().nullable().optional(),
    preview_contact_id: z.coerce.number().int().positive().nullable().optional(),
  })
  .refine((d) => d.audience.contact_ids.length + d.audience.segment_ids.length + d.audience.numbers.filter(Boolean).length > 0, {
    path: ['audience'],
    message: 'Choose who to send to: contacts, segments or numbers.',
  });
type Draft = z.output<typeof draftSchema>;

/** a local time in the company's zone → the instant; 422 when it is not in the future */
async function scheduledInstant(tx: Tx, req: FastifyRequest, local: string | null | undefined): Promise<Date | null> {
  if (!local) return null;
  const [r] = await rows<{ at: string; past: boolean }>(
    tx,
    sql`select (${local}::timestamp at time zone ${req.tenant!.timezone || 'UTC'})::text as at, (${local}::timestamp at time zone ${req.tenant!.timezone || 'UTC'}) <= now() as past`,
  );
  if (r.past) throw fieldError('scheduled_at', 'The scheduled time must be in the future.');
  return new Date(r.at);
}

async function compiled(tx: Tx, tenantId: number, body: string) {
  const fields = await loadContactFields(tx, tenantId);
  try {
    return compileMessage(body, fields.map((f) => f.key));
  } catch (err) {
    if (err instanceof MessageTemplateError) throw fieldError('message', err.message);
    throw err;
  }
}

async function checkSender(tx: Tx, tenantId: number, senderId: string | null | undefined) {
  if (!senderId) return null;
  const settings = await readSettings(tx, tenantId);
  if (settings.sender_ids.length && !settings.sender_ids.includes(senderId)) throw fieldError('sender_id', 'Choose one of the company’s sender IDs.');
  return senderId;
}

const contactSql = sql`select id, first_name, last_name, phone, email, custom from outreach_contacts`;

/** Renders a personalised send's text for each recipient with a contact, a chunk at a time (one read and one write per chunk). */
async function personalise(tx: Tx, tenantId: number, sendId: number, render: (c: RenderContact) => string) {
  const CHUNK = 5000;
  let after = 0;
  for (;;) {
    const chunk = await rows<{ id: number; first_name: string | null; last_name: string | null; phone: string | null; email: string | null; custom: Record<string, unknown> | null }>(
      tx,
      sql`select d.id, o.first_name, o.last_name, o.phone, o.email, o.custom from deliveries d
            join outreach_contacts o on o.tenant_id = d.tenant_id and o.id = d.contact_id
           where d.tenant_id = ${tenantId} and d.send_id = ${sendId} and d.id > ${after} order by d.id limit ${CHUNK}`,
    );
    if (!chunk.length) break;
    const bodies = chunk.map((c) => render({ first_name: c.first_name, last_name: c.last_name, phone: c.phone, email: c.email, custom: c.custom ?? {} }));
    await tx.execute(
      sql`update deliveries d set body = u.body, units = u.units, credits = round(u.units * (d.credits / nullif(d.units, 0)), 4)
            from unnest(${sql.param(chunk.map((c) => Number(c.id)))}::bigint[], ${sql.param(bodies)}::text[], ${sql.param(bodies.map((b) => messageParts(b).parts))}::int[]) as u(id, body, units)
           where d.tenant_id = ${tenantId} and d.id = u.id`,
    );
    after = Number(chunk[chunk.length - 1].id);
  }
  void contactSql;
}

async function preview(tx: Tx, req: FastifyRequest, draft: Draft): Promise<SmsPreview> {
  const tenantId = req.tenant!.id;
  const message = await compiled(tx, tenantId, draft.message);
  const audience = await resolveAudience(tx, tenantId, draft.audience);
  const figures = await audienceFigures(tx, tenantId, audience);
  let sample: RenderContact = { first_name: 'Amina', last_name: 'Otieno', phone: '+254712345678', email: 'amina@example.com', custom: {} };
  if (draft.preview_contact_id) {
    const [c] = await rows<RenderContact & { id: number }>(tx, sql`${contactSql} where tenant_id = ${tenantId} and id = ${draft.preview_contact_id}`);
    if (!c) throw notFound('Contact');
    sample = { ...c, custom: c.custom ?? {} };
  }
  const rendered = message.personalised ? message.render(sample) : draft.message;
  const parts = messageParts(rendered);
  const rate = (await rateSettings(tx, tenantId)).service.sms ?? '1';
  const totalParts = parts.parts * figures.recipients;
  const credits = (totalParts * Number(rate)).toFixed(4);
  const balance = (await balances(tx, tenantId)).balance;
  const rules = await smsRules(tx, tenantId);
  let quietUntil: string | null = null;
  if (rules.quiet && !draft.ignore_quiet_hours) {
    const at = (await scheduledInstant(tx, req, draft.scheduled_at)) ?? new Date();
    const [q] = await rows<{ until: string | null }>(
      tx,
      sql`with l as (select (${at.toISOString()}::timestamptz at time zone ${req.tenant!.timezone || 'UTC'}) as local),
               q as (select local, local::time as t, ${rules.quiet.start}::time as s, ${rules.quiet.end}::time as e from l)
          select case when s <> e and ((s < e and t >= s and t < e) or (s > e and (t >= s or t < e)))
                      then to_char(((local::date + case when s > e and t >= s then 1 else 0 end) + e) at time zone ${req.tenant!.timezone || 'UTC'} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                 end as until from q`,
    );
    quietUntil = q.until;
  }
  return {
    recipients: figures.recipients,
    excluded: figures.excluded,
    invalid_numbers: audience.invalid,
    encoding: parts.encoding,
    parts: parts.parts,
    length: parts.units,
    per_part: parts.perPart,
    remaining: parts.remaining,
    ucs2_characters: parts.unicodeCharacters,
    extension_characters: parts.extensionCharacters,
    rendered,
    personalised: message.personalised,
    total_parts: totalParts,
    credits,
    rate,
    balance,
    enough: Number(balance) >= Number(credits),
    quiet_until: quietUntil,
  };
}

/** Writes the send, its recipients and the credits' hold (engine.createSend); answers its id. */
async function store(tx: Tx, req: FastifyRequest, draft: Draft, replaces?: number): Promise<number> {
  const tenantId = req.tenant!.id;
  const message = await compiled(tx, tenantId, draft.message);
  const senderId = await checkSender(tx, tenantId, draft.sender_id);
  const scheduledAt = await scheduledInstant(tx, req, draft.scheduled_at);
  const audience = await resolveAudience(tx, tenantId, draft.audience);
  if (audience.invalid.length) throw fieldError('audience.numbers', `These numbers could not be read: ${audience.invalid.slice(0, 5).join(', ')}${audience.invalid.length > 5 ? '…' : ''}`);
  const parts = messageParts(draft.message);
  const engine = deliveryEngine(req.server.ctx);
  const driver = defaultSmsDriver(req.server);
  const audienceJson = { contact_ids: [...new Set(draft.audience.contact_ids)], segment_ids: [...new Set(draft.audience.segment_ids)], numbers: audience.numbers };
  if (message.personalised) {
    // the units of each recipient are known once each text is rendered: hold after rendering
    const created = await engine.createSend(
      tx,
      tenantId,
      { channel: 'sms', driver, body: draft.message, senderId, audience: audienceJson, audienceLabel: audience.label, personalised: true, encoding: parts.encoding, parts: parts.parts, scheduledAt, ignoreQuietHours: draft.ignore_quiet_hours, templateId: draft.template_id ?? null, createdBy: req.user!.id },
      recipientsSql(tenantId, audience, parts.parts),
      'sms',
      { beforeHold: (id) => personalise(tx, tenantId, id, message.render) },
    );
    return created.id;
  }
  const created = await engine.createSend(
    tx,
    tenantId,
    { channel: 'sms', driver, body: draft.message, senderId, audience: audienceJson, audienceLabel: audience.label, encoding: parts.encoding, parts: parts.parts, scheduledAt, ignoreQuietHours: draft.ignore_quiet_hours, templateId: draft.template_id ?? null, createdBy: req.user!.id },
    recipientsSql(tenantId, audience, parts.parts),
    'sms',
  );
  void replaces;
  return created.id;
}

/** Sends of the SMS channel (Sms/Messages; GET /sms/messages/json, /sms/messages/get-message/{id}). */
export const smsMessageResource = defineResource({
  label: 'SMS',
  singular: 'message',
  base: '/sms/messages',
  ...sendList('sms'),
  fields: answerFields<SmsMessageRow, 'counts'>()({
    ...sendListFields,
    body: s.body,
    sender_id: s.senderId,
    audience: sql<SmsMessageRow['audience']>`${s.audience}`,
    ignore_quiet_hours: s.ignoreQuietHours,
    encoding: sql<'GSM-7' | 'UCS-2'>`coalesce(${s.encoding}, 'GSM-7')`,
    parts: s.parts,
    credits_charged: sql<string>`coalesce((select r.settled_credits::text from credit_reservations r where r.tenant_id = ${s.tenantId} and r.id = ${s.reservationId}), '0.0000')`,
    template_id: s.templateId,
    created_by: s.createdBy,
  }),
  searchable: ['body'],
  access: { view: 'sms.view', create: 'sms.send', update: 'sms.send', delete: 'sms.delete' },
});

const sendId = (req: FastifyRequest) => sendIdOf(req, 'SMS');

async function answerOf(req: FastifyRequest, id: number) {
  return req.tenantTx(async (tx) => {
    const [row] = await tx
      .select(smsMessageResource.def.fields)
      .from(s)
      .where(and(eq(s.tenantId, req.tenant!.id), eq(s.id, id), eq(s.channel, 'sms')));
    if (!row) throw notFound('SMS');
    const r = row as unknown as SmsMessageRow;
    r.counts = emptyCounts();
    await attachCounts(tx, req.tenant!.id, [r]);
    return r;
  });
}

export function smsMessageRoutes(app: FastifyInstance) {
  smsMessageResource.routes(app);
  const engine = deliveryEngine(app.ctx);

  app.post('/sms/preview', { config: { access: 'sms.send' } }, async (req) => {
    const draft = validate(draftSchema, req.body ?? {});
    return { data: await req.tenantTx((tx) => preview(tx, req, draft)) };
  });

  app.post('/sms/store', { config: { access: 'sms.send' } }, async (req, reply) => {
    const draft = validate(draftSchema, req.body ?? {});
    const id = await req.tenantTx((tx) => store(tx, req, draft));
    const data = await answerOf(req, id);
    await engine.kick(req.tenant!.id, id, data.scheduled_at ? new Date(data.scheduled_at) : null);
    return reply.code(201).send({ message: data.status === 'scheduled' ? 'SMS scheduled successfully' : 'SMS queued for sending', data });
  });

  // a scheduled send may be changed until it starts: its recipients and hold are made again
  app.put('/sms/messages/update/:id', { config: { access: 'sms.send' } }, async (req) => {
    const id = sendId(req);
    const draft = validate(draftSchema, req.body ?? {});
    const newId = await req.tenantTx(async (tx) => {
      const [cur] = await rows<{ status: string }>(tx, sql`select status from sends where tenant_id = ${req.tenant!.id} and id = ${id} and channel = 'sms' for update`);
      if (!cur) throw notFound('SMS');
      if (cur.status !== 'scheduled') throw new HttpError(409, 'Only a scheduled SMS can be edited; this one has started.');
      await engine.cancel(tx, req.tenant!.id, id);
      await tx.execute(sql`delete from sends where tenant_id = ${req.tenant!.id} and id = ${id}`);
      return store(tx, req, draft, id);
    });
    const data = await answerOf(req, newId);
    await engine.kick(req.tenant!.id, newId, data.scheduled_at ? new Date(data.scheduled_at) : null);
    return { message: 'SMS updated successfully', data };
  });

  // a send paused (by the provider's account, the error rate, or a member) resumes where it stopped; cancel gives back what has not gone
  sendControlRoutes(app, { base: '/sms/messages', channel: 'sms', access: 'sms.send', label: 'SMS', name: 'SMS', thing: 'SMS', answer: answerOf });

  app.delete('/sms/messages/delete/:id', { config: { access: 'sms.delete' } }, async (req) => {
    const id = sendId(req);
    await req.tenantTx(async (tx) => {
      const [cur] = await rows<{ status: string; settled: boolean }>(
        tx,
        sql`select status, settled_at is not null or reservation_id is null as settled from sends where tenant_id = ${req.tenant!.id} and id = ${id} and channel = 'sms' for update`,
      );
      if (!cur) throw notFound('SMS');
      if (cur.status === 'scheduled') await engine.cancel(tx, req.tenant!.id, id);
      else if (cur.status !== 'cancelled' || !cur.settled) throw new HttpError(409, 'Only a scheduled or cancelled SMS can be deleted; a sent one stays in the history.');
      await tx.execute(sql`delete from sends where tenant_id = ${req.tenant!.id} and id = ${id}`);
    });
    return { message: 'SMS deleted successfully' };
  });
}

export type { SmsDraft, SmsSettings };
