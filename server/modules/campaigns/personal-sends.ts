import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Tx } from '../../db/client.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { messageParts } from '../../providers/sms/index.js';
import { deliveryEngine, type NewSend } from '../delivery/index.js';
import type { RowMessage } from '../email/channel.js';
import { emailSetup } from '../email/sender.js';
import { sendableCondition } from '../outreach/consent.js';
import type { RenderContact } from '../outreach/message-render.js';
import { defaultSmsDriver } from '../sms/channel.js';
import { checkMessageText } from './texts.js';

export type PersonalChannel = 'sms' | 'email';

/** A text of the message and the request field a 422 about it names. */
export interface PersonalText {
  field: string;
  body: string;
}

/** A recipient as the per-recipient variables see them: the contact, the delivery row and the caller's own columns. */
export type PersonalRecipient<R> = RenderContact & { delivery_id: number; contact_id: number } & R;

/**
 * One message to many contacts, each with their own variables (a signed link…), sent by SMS
 * and/or email through the delivery engine (docs/decisions/0052-personal-sends.md).
 */
export interface PersonalSendInput<R extends Record<string, unknown>> {
  tenantId: number;
  channels: PersonalChannel[];
  /** a channel that cannot send, or no one to send to, is a 422 (a person asked); otherwise skipped (automatic messages) */
  strict: boolean;
  userId: number | null;
  /**
   * Who, per channel, before the channel's rules: `from … where …` over `outreach_contacts` (under
   * that name) and the caller's own tables. The address, consent and suppression are added here.
   */
  from: (channel: PersonalChannel) => SQL;
  /** among several rows for one address, the one kept comes first in this order (after the address) */
  tieBreak: SQL;
  /** the words: checked before anything is written, each a 422 on its field */
  texts: { sms: PersonalText; subject: PersonalText; html: PersonalText };
  /** the variables the texts may use beside the contact's fields */
  variables: readonly string[];
  /** the caller's columns of a recipient: `select` list and `join` on deliveries `d` / contacts `o` */
  recipientColumns?: SQL;
  recipientJoin?: SQL;
  /** each recipient's variables (their link…), from their row */
  vars: (r: PersonalRecipient<R>) => Record<string, string>;
  /** the values of the variables for the send's own record (its subject line in the email list) */
  blankVars: Record<string, string>;
  attachments?: RowMessage['attachments'];
  /** what the send records of itself; the label is given the number of recipients */
  send: Pick<NewSend, 'audience' | 'ignoreQuietHours' | 'campaignId' | 'eventId' | 'groupId' | 'surveyId'> & { audienceLabel: (n: number) => string };
}

/**
 * Sends a personalised message through the delivery engine, in the caller's transaction: one send
 * per channel, its recipients written by one INSERT … SELECT (consent and suppression honoured,
 * one message per address and per contact), each recipient's text rendered with their own
 * variables before the credits are held in one reservation. After the commit the caller hands
 * the sends to the workers (kickSends).
 */
export async function sendPersonalMessages<R extends Record<string, unknown> = Record<string, never>>(
  app: FastifyInstance,
  tx: Tx,
  o: PersonalSendInput<R>,
): Promise<{ sendIds: number[]; recipients: number }> {
  const { tenantId } = o;
  const channels = [...new Set(o.channels)];
  const check = (t: PersonalText, html = false) => checkMessageText(tx, tenantId, t.field, t.body, o.variables, html);
  const sms = channels.includes('sms') ? await check(o.texts.sms) : null;
  const subject = channels.includes('email') ? await check(o.texts.subject) : null;
  const html = channels.includes('email') ? await check(o.texts.html, true) : null;
  const engine = deliveryEngine(app.ctx);
  const sendIds: number[] = [];
  let total = 0;

  for (const channel of channels) {
    const address = channel === 'sms' ? sql`outreach_contacts.phone` : sql`outreach_contacts.email`;
    const from = sql`${o.from(channel)} and ${address} is not null and ${sendableCondition(channel)}`;
    const [{ n }] = await rows<{ n: number }>(tx, sql`select count(distinct ${address})::int as n ${from}`);
    if (!Number(n)) continue;

    let driver: string;
    let senderId: string | null = null;
    let fromName = '';
    let replyTo: string | null = null;
    try {
      if (channel === 'sms') driver = defaultSmsDriver(app);
      else {
        const setup = await emailSetup(app, tx, tenantId);
        driver = setup.driverName;
        senderId = setup.fromAddress;
        fromName = setup.fromName;
        replyTo = setup.replyTo;
      }
    } catch (err) {
      if (!o.strict) continue;
      const why = err instanceof ValidationError ? (Object.values(err.errors).flat()[0] ?? '') : (err as Error).message;
      throw new HttpError(422, channel === 'sms' ? `SMS cannot be sent: ${why}` : `Email is not set up yet: ${why || 'choose Mailgun or an SMTP server in the email settings first.'}`);
    }

    const created = await engine.createSend(
      tx,
      tenantId,
      {
        ...o.send,
        channel,
        driver,
        body: channel === 'sms' ? o.texts.sms.body : o.texts.subject.body,
        senderId,
        audienceLabel: o.send.audienceLabel(Number(n)),
        personalised: true,
        scheduledAt: null,
        createdBy: o.userId,
      },
      sql`select distinct on (address) outreach_contacts.id as contact_id, ${address} as address, null::text as body, 1::numeric as units ${from} order by address, ${o.tieBreak}`,
      channel,
      {
        beforeHold: async (sendId) => {
          const list = await rows<PersonalRecipient<R>>(
            tx,
            sql`select d.id as delivery_id, d.contact_id, o.first_name, o.last_name, o.phone, o.email, o.custom ${o.recipientColumns ? sql`, ${o.recipientColumns}` : sql``}
                  from deliveries d join outreach_contacts o on o.tenant_id = d.tenant_id and o.id = d.contact_id ${o.recipientJoin ?? sql``}
                 where d.tenant_id = ${tenantId} and d.send_id = ${sendId} order by d.id`,
          );
          const bodies: string[] = [];
          const units: number[] = [];
          for (const r of list) {
            const who: RenderContact = { first_name: r.first_name, last_name: r.last_name, phone: r.phone, email: r.email, custom: r.custom ?? {} };
            const extra = o.vars(r);
            if (channel === 'sms') {
              const text = sms!.render(who, extra);
              bodies.push(text);
              units.push(messageParts(text).parts);
            } else {
              const message: RowMessage = { subject: subject!.render(who, extra), html: html!.render(who, extra) };
              if (o.attachments) message.attachments = o.attachments;
              bodies.push(JSON.stringify(message));
              units.push(1);
            }
          }
          await tx.execute(
            sql`update deliveries d set body = u.body, units = u.units, credits = round(u.units * (d.credits / nullif(d.units, 0)), 4)
                  from unnest(${sql.param(list.map((r) => Number(r.delivery_id)))}::bigint[], ${sql.param(bodies)}::text[], ${sql.param(units)}::int[]) as u(id, body, units)
                 where d.tenant_id = ${tenantId} and d.id = u.id`,
          );
        },
      },
    );
    if (channel === 'email') {
      // the send's own record (the email list shows it); every recipient's message is in their row (RowMessage)
      const sendSubject = subject!.render({ first_name: null, last_name: null, phone: null, email: null, custom: {} }, o.blankVars);
      await tx.execute(
        sql`insert into email_sends (tenant_id, send_id, subject, html, text, from_name, from_address, reply_to, bulk)
            values (${tenantId}, ${created.id}, ${sendSubject}, '', '', ${fromName}, ${senderId}, ${replyTo}, false)`,
      );
    }
    sendIds.push(created.id);
    total += created.recipients;
  }
  return { sendIds, recipients: total };
}

/** Hands the sends written in a committed transaction to the workers. */
export async function kickSends(app: FastifyInstance, tenantId: number, sendIds: number[]) {
  const engine = deliveryEngine(app.ctx);
  for (const id of sendIds) await engine.kick(tenantId, id);
}
