import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../../common/html.js';
import { rows, type Tx } from '../../db/client.js';
import { htmlToText } from '../../mail/html.js';
import { withTenant } from '../../db/tenancy.js';
import { ProviderError } from '../../providers/payments/errors.js';
import type { EmailAttachment, EmailDriver, EmailMessage, EmailResult } from '../../providers/email/types.js';
import { DispatchFailed, type ChannelRules, type ClaimedRow, type DeliveryChannel, type RowOutcome, type SendRecord } from '../delivery/index.js';
import { compileMessage, type CompiledMessage, type RenderContact } from '../outreach/message-render.js';
import { loadContactFields } from '../outreach/fields.js';
import { unsubscribeUrl } from '../outreach/unsubscribe.js';
import { domainOf, emailSetup, fromHeader } from './sender.js';

/** Email has no quiet hours; it pauses when more than a fifth of 200 answers were refusals or unknown. */
export const EMAIL_RULES: ChannelRules = { quiet: null, pauseErrorRate: 20, pauseMinSample: 200 };

/**
 * A recipient's own message, rendered when the send was written (JSON in `deliveries.body`): for
 * messages whose words differ per recipient beyond the contact's fields (an RSVP link). Ordinary
 * email sends leave the row's body empty and are rendered here from `email_sends`.
 */
export interface RowMessage {
  subject: string;
  html: string;
  text?: string;
  attachments?: EmailAttachment[];
}

/** provider requests of one batch in flight at once */
const PARALLEL_REQUESTS = 4;

/** A send's message, compiled once per dispatcher (a send's text never changes once it is queued). */
interface Compiled {
  subject: CompiledMessage;
  html: CompiledMessage;
  text: CompiledMessage;
  from: string;
  replyTo: string | null;
  bulk: boolean;
}

/** The footer: the company's text (escaped, its line breaks kept) and, on bulk mail, a visible unsubscribe link. */
export function withFooter(html: string, text: string, footer: string, unsubscribe: string | null): { html: string; text: string } {
  const parts: string[] = [];
  const textParts: string[] = [];
  if (footer.trim()) {
    parts.push(escapeHtml(footer.trim()).replace(/\r?\n/g, '<br>'));
    textParts.push(footer.trim());
  }
  if (unsubscribe) {
    parts.push(`<a href="${escapeHtml(unsubscribe)}" style="color:#6b7280">Unsubscribe</a> from these emails.`);
    textParts.push(`Unsubscribe: ${unsubscribe}`);
  }
  if (!parts.length) return { html, text };
  const block = `<div style="margin-top:24px;padding-top:12px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280;font-family:sans-serif">${parts.join('<br>')}</div>`;
  const at = html.search(/<\/body>/i);
  return {
    html: at >= 0 ? `${html.slice(0, at)}${block}${html.slice(at)}` : `${html}${block}`,
    text: `${text}\n\n--\n${textParts.join('\n')}`,
  };
}

/**
 * Email as a delivery channel: each claimed recipient's message is rendered here (the send's
 * subject, HTML and text with the contact's variables, values HTML-escaped in the HTML, the
 * company's footer and — on bulk mail — the contact's unsubscribe link and RFC 8058 headers), then
 * sent through the company's driver, `maxBatch` at a time. The reference is the delivery row's id.
 */
export function emailChannel(app: FastifyInstance): DeliveryChannel {
  const compiledSends = new Map<number, Compiled>();
  const compile = async (tx: Tx, send: SendRecord): Promise<Compiled> => {
    const hit = compiledSends.get(send.id);
    if (hit) return hit;
    const [m] = await rows<{ subject: string; html: string; text: string; from_name: string; from_address: string; reply_to: string | null; bulk: boolean }>(
      tx,
      sql`select subject, html, text, from_name, from_address, reply_to, bulk from email_sends where tenant_id = ${send.tenantId} and send_id = ${send.id}`,
    );
    if (!m) throw new DispatchFailed('This email has no message stored.', false);
    const keys = (await loadContactFields(tx, send.tenantId)).map((f) => f.key);
    const c: Compiled = {
      subject: compileMessage(m.subject, keys),
      html: compileMessage(m.html, keys, { html: true }),
      text: compileMessage(m.text || htmlToText(m.html), keys),
      from: fromHeader(m.from_name, m.from_address),
      replyTo: m.reply_to,
      bulk: m.bulk,
    };
    if (compiledSends.size > 100) compiledSends.clear();
    compiledSends.set(send.id, c);
    return c;
  };

  return {
    name: 'email',
    service: 'email',
    batchSize: 500,
    throttleKeys: (send) => [`provider:${send.driver}`, `domain:${domainOf(send.senderId ?? '')}`],
    rules: async () => EMAIL_RULES,
    async dispatch(send: SendRecord, claimed: ClaimedRow[]): Promise<RowOutcome[]> {
      const prepared = await withTenant(app.ctx.database, send.tenantId, async (tx) => {
        const setup = await emailSetup(app, tx, send.tenantId).catch((err: Error) => {
          // the settings are incomplete or unreadable: nothing can go until they are fixed (the send pauses)
          throw new DispatchFailed(`Email is not set up for this company: ${err.message}`, false);
        });
        const m = await compile(tx, send);
        const ids = claimed.filter((r) => r.contactId !== null).map((r) => Number(r.contactId));
        const contacts = ids.length
          ? await rows<RenderContact & { id: number }>(
              tx,
              sql`select id, first_name, last_name, phone, email, custom from outreach_contacts where tenant_id = ${send.tenantId} and id = any(${sql.param(ids)}::bigint[])`,
            )
          : [];
        return { setup, m, contacts: new Map(contacts.map((c) => [Number(c.id), c])) };
      });
      const { setup, m, contacts } = prepared;
      const out: RowOutcome[] = [];
      const messages: EmailMessage[] = [];
      for (const row of claimed) {
        const c = row.contactId !== null ? contacts.get(Number(row.contactId)) : undefined;
        const who: RenderContact = c ? { ...c, custom: c.custom ?? {} } : { first_name: null, last_name: null, phone: null, email: row.address, custom: {} };
        try {
          const unsubscribe = m.bulk && c ? unsubscribeUrl(app.ctx.config, send.tenantId, Number(c.id), 'email') : null;
          // a row may carry its own rendered message (an RSVP invitation with the invitee's own link): RowMessage
          const own = row.body !== null ? (JSON.parse(row.body) as RowMessage) : null;
          const body = own
            ? withFooter(own.html, own.text ?? htmlToText(own.html), setup.footer, unsubscribe)
            : withFooter(m.html.render(who), m.text.render(who), setup.footer, unsubscribe);
          const headers: Record<string, string> = {};
          if (unsubscribe) {
            headers['List-Unsubscribe'] = `<${unsubscribe}>`;
            headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
          }
          messages.push({
            tenantId: send.tenantId,
            to: row.address,
            from: m.from,
            replyTo: m.replyTo ?? setup.replyTo,
            subject: (own ? own.subject : m.subject.render(who)).replace(/[\r\n]+/g, ' '),
            html: body.html,
            text: body.text,
            headers,
            reference: String(row.id),
            tags: [`send-${send.id}`],
            ...(own?.attachments?.length ? { attachments: own.attachments } : {}),
          });
        } catch (err) {
          out.push({ id: row.id, outcome: 'refused', code: 'RenderFailed', reason: (err as Error).message, temporary: false, account: false });
        }
      }
      const requests: EmailMessage[][] = [];
      for (let i = 0; i < messages.length; i += setup.driver.maxBatch) requests.push(messages.slice(i, i + setup.driver.maxBatch));
      let next = 0;
      const work = async () => {
        while (next < requests.length) out.push(...(await sendBatch(setup.driver, requests[next++])));
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, requests.length) }, work));
      return out;
    },
  };
}

function outcomeOf(res: EmailResult): RowOutcome {
  const id = Number(res.reference);
  if (res.outcome === 'accepted') return { id, outcome: 'accepted', providerId: res.messageId, status: 'accepted' };
  if (res.outcome === 'refused') return { id, outcome: 'refused', code: res.code, reason: res.reason, temporary: res.temporary, account: res.account };
  return { id, outcome: 'unknown', reason: res.reason };
}

async function sendBatch(driver: EmailDriver, list: EmailMessage[]): Promise<RowOutcome[]> {
  const ours = new Set(list.map((m) => m.reference));
  try {
    return (await driver.send(list)).filter((r) => ours.has(r.reference)).map(outcomeOf);
  } catch (err) {
    // nothing was sent: the whole request was refused (credentials, an outage) — per row, so the other requests' answers stand
    if (err instanceof ProviderError && !err.mayHaveArrived) {
      return list.map((m) => ({ id: Number(m.reference), outcome: 'refused', code: err.code ?? 'RequestFailed', reason: err.message, temporary: err.temporary, account: !err.temporary, outage: err.temporary }));
    }
    return list.map((m) => ({ id: Number(m.reference), outcome: 'unknown', reason: `The request to the provider failed after it may have left (${(err as Error).message}); its events will settle it.` }));
  }
}
