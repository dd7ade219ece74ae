import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHANNELS, CONSENT_FIELD, type Channel } from '../../../common/outreach.js';
import type { Config } from '../../config.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { tenants } from '../../db/tenant-table.js';
import { HttpError } from '../../http/errors.js';
import { readToken, signToken } from '../../http/signed-token.js';
import { Throttle } from '../../http/throttle.js';
import { lift, recordConsent, suppress } from './consent.js';
import { outreachContacts as c } from './schema.js';

/**
 * The public unsubscribe link (SPEC §2 Unsubscribe, PAGES /unsubscribe/{token}): one per contact
 * and channel, signed under APP_KEY (server/http/signed-token.ts), no login, no expiry. GET shows
 * the page; POST unsubscribes — from the page's button, or as RFC 8058's one-click POST that mail
 * clients send with `List-Unsubscribe=One-Click` (no cookies, so no CSRF token: unsubscribing is
 * the only thing it can do). Unsubscribing withdraws the channel's consent (history: by the
 * contact themself) and suppresses the channel with the reason `unsubscribed`; resubscribing from
 * the same page lifts the suppression and grants consent again.
 */
const PURPOSE = 'unsubscribe';
const NOT_FOUND = 'This unsubscribe link is invalid.';

export function unsubscribeToken(key: string, tenantId: number, contactId: number, channel: Channel): string {
  return signToken(key, PURPOSE, [tenantId, contactId, channel]);
}

/** The link a message to a contact carries (and its List-Unsubscribe header, for e-mail). */
export function unsubscribeUrl(config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number, contactId: number, channel: Channel): string {
  return `${config.appUrl}/unsubscribe/${unsubscribeToken(config.appKey, tenantId, contactId, channel)}`;
}

function readUnsubscribeToken(key: string, token: string): { tenantId: number; contactId: number; channel: Channel } | null {
  const parts = readToken(key, PURPOSE, token, 3);
  if (!parts) return null;
  const [tenantId, contactId] = parts.slice(0, 2).map(Number);
  const channel = parts[2] as Channel;
  if (!Number.isSafeInteger(tenantId) || !Number.isSafeInteger(contactId) || !CHANNELS.includes(channel)) return null;
  return { tenantId, contactId, channel };
}

export async function unsubscribeRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  const badTokens = new Throttle(20, 60_000);

  const resolve = (req: FastifyRequest) => {
    const key = `unsubscribe-token|${req.ip}`;
    badTokens.check(key);
    const found = readUnsubscribeToken(config.appKey, (req.params as { token?: string }).token ?? '');
    if (!found) {
      badTokens.hit(key);
      throw new HttpError(404, NOT_FOUND);
    }
    return found;
  };

  /** what the page shows: the company, the channel, and whether the contact is unsubscribed from it */
  const state = (t: { tenantId: number; contactId: number; channel: Channel }) =>
    withTenant(database, t.tenantId, async (tx) => {
      const consent = sql.raw(`"${CONSENT_FIELD[t.channel]}"`);
      const [row] = await rows<{ company: string; consent: string; suppressed: boolean }>(
        tx,
        sql`select coalesce(nullif(${tenants.settings}->>'name', ''), ${tenants.name}) as company, o.${consent} as consent,
                   exists (select 1 from contact_suppressions s where s.tenant_id = o.tenant_id and s.contact_id = o.id and s.channel = ${t.channel} and s.lifted_at is null) as suppressed
              from ${c} o join ${tenants} on ${tenants.id} = o.tenant_id
             where o.tenant_id = ${t.tenantId} and o.id = ${t.contactId}`,
      );
      if (!row) throw new HttpError(404, NOT_FOUND);
      return { company: row.company, channel: t.channel, unsubscribed: row.suppressed || row.consent === 'withdrawn' };
    });

  const change = (t: { tenantId: number; contactId: number; channel: Channel }, subscribe: boolean, method: 'unsubscribe_link' | 'one_click') =>
    withTenant(database, t.tenantId, async (tx) => {
      const [found] = await tx.select({ id: c.id }).from(c).where(and(eq(c.tenantId, t.tenantId), eq(c.id, t.contactId)));
      if (!found) throw new HttpError(404, NOT_FOUND);
      if (subscribe) {
        await lift(tx, t.tenantId, [t.contactId], t.channel);
        await recordConsent(tx, t.tenantId, [{ contactId: t.contactId, channel: t.channel, status: 'granted', method, userId: null }]);
      } else {
        await suppress(tx, t.tenantId, [{ contactId: t.contactId, channel: t.channel, reason: 'unsubscribed' }]);
        await recordConsent(tx, t.tenantId, [{ contactId: t.contactId, channel: t.channel, status: 'withdrawn', method, userId: null }]);
      }
    });

  const open = { access: 'public' as const, csrf: false, activity: false };

  app.get('/unsubscribe/:token', { config: { access: 'public', activity: false } }, async (req, reply) => {
    const t = resolve(req);
    return reply.inertia('Unsubscribe', { ...(await state(t)), token: (req.params as { token: string }).token });
  });

  app.post('/unsubscribe/:token', { config: open }, async (req, reply) => {
    const t = resolve(req);
    const body = req.body as Record<string, unknown> | undefined;
    const oneClick = body?.['List-Unsubscribe'] === 'One-Click';
    await change(t, false, oneClick ? 'one_click' : 'unsubscribe_link');
    if (oneClick) return reply.type('text/plain; charset=utf-8').send('Unsubscribed.');
    return reply.code(303).redirect(`/unsubscribe/${(req.params as { token: string }).token}`);
  });

  app.post('/unsubscribe/:token/resubscribe', { config: open }, async (req, reply) => {
    const t = resolve(req);
    await change(t, true, 'unsubscribe_link');
    return reply.code(303).redirect(`/unsubscribe/${(req.params as { token: string }).token}`);
  });
}
