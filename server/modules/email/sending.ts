import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmailPreview, EmailSendRow } from '../../../common/answers/email-sending.js';
import { rows, type Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError, HttpError, notFound, ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { deliveryEngine, emptyCounts, sendControlRoutes, sendList, sendListFields, sends as s } from '../delivery/index.js';
import { compileMessage, MessageTemplateError, type RenderContact } from '../outreach/message-render.js';
import { loadContactFields } from '../outreach/fields.js';
import { balances, rateSettings } from '../wallet/index.js';
import { emailAudienceFigures, emailRecipientsSql, resolveEmailAudience } from './audience.js';
import { withFooter } from './channel.js';
import { emailSetup } from './sender.js';
import { attachEmailFigures } from './metrics.js';

const ids = (max: number) => z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(max).default([]);
const address = z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'Enter valid email addresses.' }));

/** POST /email/send and /email/preview (SPEC §7): one email to a few addresses, or a campaign to contacts and segments. */
export const emailDraftSchema = z
  .object({
    subject: z.string({ error: 'Enter the subject.' }).trim().max(998, 'The subject may not be greater than 998 characters.').default(''),
    html: z.string({ error: 'Enter the message.' }).trim().max(512_000, 'The message may not be greater than 500 KB.').default(''),
    text: z.string().max(256_000, 'The text version may not be greater than 250 KB.').default(''),
    /** an email template (Email/Templates): its subject (unless one is given), HTML and text, copied into the send */
    template_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    /** one address or a few (each its own message, no campaign) */
    to: z
      .union([address.transform((a) => [a]), z.array(address).max(50, 'Send to at most 50 addresses at once; use a segment for more.')])
      .default([]),
    audience: z.object({ contact_ids: ids(10_000), segment_ids: ids(50) }).strict().default({ contact_ids: [], segment_ids: [] }),
    from_name: z.string().trim().max(100).nullable().optional(),
    reply_to: address.nullable().optional().or(z.literal('').transform(() => null)),
    scheduled_at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'The scheduled time must be a date and time (YYYY-MM-DDTHH:MM).')
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    preview_contact_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  })
  .superRefine((d, ctx) => {
    if (!d.template_id && !d.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Enter the subject.' });
    if (!d.template_id && !d.html) ctx.addIssue({ code: 'custom', path: ['html'], message: 'Enter the message.' });
    const campaign = d.audience.contact_ids.length + d.audience.segment_ids.length > 0;
    if (!campaign && !d.to.length) ctx.addIssue({ code: 'custom', path: ['audience'], message: 'Choose who to send to: an address, contacts or segments.' });
    if (campaign && d.to.length) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Send either to addresses or to contacts and segments, not both.' });
  });
type Draft = z.output<typeof emailDraftSchema>;

/**
 * The draft with its template's subject (unless the draft gives one), HTML and text copied in: a
 * queued send keeps what was chosen even if the template is edited later. Another company's
 * template, or one that does not exist, is a 422 on template_id.
 */
async function withTemplate(tx: Tx, tenantId: number, draft: Draft): Promise<Draft> {
  if (!draft.template_id) return draft;
  const [t] = await rows<{ subject: string; html: string; text: string }>(
    tx,
    sql`select subject, html, text from email_templates where tenant_id = ${tenantId} and id = ${draft.template_id}`,
  );
  if (!t) throw fieldError('template_id', 'The selected template does not exist.');
  return { ...draft, subject: draft.subject || t.subject, html: t.html, text: t.text };
}

/** a local time in the company's zone → the instant; 422 when it is not in the future */
async function scheduledInstant(tx: Tx, req: FastifyRequest, local: string | null | undefined): Promise<Date | null> {
  if (!local) return null;
  const tz = req.tenant!.timezone || 'UTC';
  const [r] = await rows<{ at: string; past: boolean }>(tx, sql`select (${local}::timestamp at time zone ${tz})::text as at, (${local}::timestamp at time zone ${tz}) <= now() as past`);
  if (r.past) throw fieldError('scheduled_at', 'The scheduled time must be in the future.');
  return new Date(r.at);
}

/** the subject, HTML and text checked against the company's contact fields (a 422 on the field that cannot be read) */
async function compileDraft(tx: Tx, tenantId: number, draft: Draft) {
  const keys = (await loadContactFields(tx, tenantId)).map((f) => f.key);
  const one = (field: 'subject' | 'html' | 'text', body: string, html = false) => {
    try {
      return compileMessage(body, keys, { html });
    } catch (err) {
      if (err instanceof MessageTemplateError) throw fieldError(field, err.message);
      throw err;
    }
  };
  return { subject: one('subject', draft.subject), html: one('html', draft.html, true), text: one('text', draft.text) };
}

/** the company's setup; when email is not set up, a 422 that says so and what is missing */
async function setupOf(req: FastifyRequest, tx: Tx) {
  try {
    return await emailSetup(req.server, tx, req.tenant!.id);
  } catch (err) {
    if (err instanceof ValidationError) {
      const missing = Object.values(err.errors).flat()[0];
      throw new HttpError(422, `Email is not set up yet: ${missing ?? 'choose Mailgun or an SMTP server in the email settings first.'}`);
    }
    throw err;
  }
}

const audienceOf = (draft: Draft) => ({ contact_ids: [...new Set(draft.audience.contact_ids)], segment_ids: [...new Set(draft.audience.segment_ids)], addresses: draft.to });

async function preview(tx: Tx, req: FastifyRequest, asked: Draft): Promise<EmailPreview> {
  const tenantId = req.tenant!.id;
  const draft = await withTemplate(tx, tenantId, asked);
  const setup = await setupOf(req, tx);
  const message = await compileDraft(tx, tenantId, draft);
  const audience = await resolveEmailAudience(tx, tenantId, audienceOf(draft));
  const figures = await emailAudienceFigures(tx, tenantId, audience);
  let sample: RenderContact = { first_name: 'Amina', last_name: 'Otieno', phone: '+254712345678', email: 'amina@example.com', custom: {} };
  if (draft.preview_contact_id) {
    const [c] = await rows<RenderContact>(tx, sql`select first_name, last_name, phone, email, custom from outreach_contacts where tenant_id = ${tenantId} and id = ${draft.preview_contact_id}`);
    if (!c) throw notFound('Contact');
    sample = { ...c, custom: c.custom ?? {} };
  }
  const bulk = draft.to.length === 0;
  const body = withFooter(message.html.render(sample), '', setup.footer, bulk ? `${req.server.ctx.config.appUrl}/unsubscribe/…` : null);
  const rate = (await rateSettings(tx, tenantId)).service.email ?? '0';
  const credits = (figures.recipients * Number(rate)).toFixed(4);
  const balance = (await balances(tx, tenantId)).balance;
  return { ...figures, subject: message.subject.render(sample), html: body.html, credits, rate, balance, enough: Number(balance) >= Number(credits) };
}

/** Writes the send, its message, its recipients and the credits' hold (engine.createSend); answers its id. */
async function store(tx: Tx, req: FastifyRequest, asked: Draft): Promise<number> {
  const tenantId = req.tenant!.id;
  const draft = await withTemplate(tx, tenantId, asked);
  const setup = await setupOf(req, tx);
  await compileDraft(tx, tenantId, draft);
  const scheduledAt = await scheduledInstant(tx, req, draft.scheduled_at);
  const a = audienceOf(draft);
  const audience = await resolveEmailAudience(tx, tenantId, a);
  const created = await deliveryEngine(req.server.ctx).createSend(
    tx,
    tenantId,
    {
      channel: 'email',
      driver: setup.driverName,
      body: draft.subject,
      senderId: setup.fromAddress,
      audience: a,
      audienceLabel: audience.label,
      personalised: true,
      scheduledAt,
      templateId: draft.template_id ?? null,
      createdBy: req.user!.id,
    },
    emailRecipientsSql(tenantId, audience),
    'email',
  );
  await tx.execute(
    sql`insert into email_sends (tenant_id, send_id, subject, html, text, from_name, from_address, reply_to, bulk)
        values (${tenantId}, ${created.id}, ${draft.subject}, ${draft.html}, ${draft.text}, ${draft.from_name || setup.fromName}, ${setup.fromAddress},
                ${draft.reply_to ?? setup.replyTo}, ${draft.to.length === 0})`,
  );
  return created.id;
}

/** Sends of the email channel with their figures (Email/GroupTransactions; GET /email/group-transactions/json). */
export const emailSendResource = defineResource({
  label: 'Email',
  singular: 'send',
  base: '/email/group-transactions',
  ...sendList('email'),
  attach: async (tx, req, list) => attachEmailFigures(tx, req.tenant!.id, list as unknown as EmailSendRow[]),
  fields: answerFields<EmailSendRow, 'counts' | 'opened' | 'clicked' | 'unsubscribed' | 'complained' | 'rates'>()({
    ...sendListFields,
    subject: s.body,
    from_address: s.senderId,
  }),
  searchable: ['subject'],
  columns: { created_at: s.createdAt, updated_at: s.updatedAt, scheduled_at: s.scheduledAt, subject: s.body },
  access: { view: 'email.view', create: 'email.send', update: 'email.send', delete: 'email.send' },
});

async function answerOf(req: FastifyRequest, id: number): Promise<EmailSendRow> {
  return req.tenantTx(async (tx) => {
    const [row] = await tx
      .select(emailSendResource.def.fields)
      .from(s)
      .where(and(eq(s.tenantId, req.tenant!.id), eq(s.id, id), eq(s.channel, 'email')));
    if (!row) throw notFound('Email');
    const r = row as unknown as EmailSendRow;
    r.counts = emptyCounts();
    await attachEmailFigures(tx, req.tenant!.id, [r]);
    return r;
  });
}

export function emailSendingRoutes(app: FastifyInstance) {
  emailSendResource.routes(app);
  const engine = deliveryEngine(app.ctx);

  app.post('/email/preview', { config: { access: 'email.send' } }, async (req) => {
    const draft = validate(emailDraftSchema, req.body ?? {});
    return { data: await req.tenantTx((tx) => preview(tx, req, draft)) };
  });

  app.post('/email/send', { config: { access: 'email.send' } }, async (req, reply) => {
    const draft = validate(emailDraftSchema, req.body ?? {});
    const id = await req.tenantTx((tx) => store(tx, req, draft));
    const data = await answerOf(req, id);
    await engine.kick(req.tenant!.id, id, data.scheduled_at ? new Date(data.scheduled_at) : null);
    return reply.code(201).send({ message: data.status === 'scheduled' ? 'Email scheduled successfully' : 'Email queued for sending', data });
  });

  sendControlRoutes(app, { base: '/email/group-transactions', channel: 'email', access: 'email.send', label: 'Email', name: 'Email', thing: 'email', answer: answerOf });
}
