import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RuleGroup } from '../../../common/segments.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { contacts } from '../accounting/schema.js';
import { outreachContactResource } from './contacts.js';
import { contactEvents, contactSuppressions, outreachContacts as c, segmentContacts, segments } from './schema.js';
import { segmentCondition } from './segment-rules.js';
import { segmentResource } from './segments.js';

/**
 * The Inertia pages of outreach contacts and segments (PAGES.md; decision 0028). Lists, writes,
 * the live count and the dashboard's figures go through the JSON endpoints; these answer the
 * record being shown or edited, loaded with the same tenant check as its JSON read (another
 * company's id is a 404), and the contact's timeline.
 */

/** A contact's segments are worked out on its page for at most this many dynamic segments (one statement, one probe of the contact's row each). */
export const SHOWN_DYNAMIC_SEGMENTS = 100;

/** The record of the URL through the resource's own read: another company's id, or no number at all, is a 404. */
const recordOf = async <T>(read: Promise<{ data: T }>, label: string): Promise<T> => {
  try {
    return (await read).data;
  } catch (err) {
    throw (err as { statusCode?: number }).statusCode === 404 || (err as { statusCode?: number }).statusCode === 422 ? notFound(label) : err;
  }
};

/** The name of the customer or vendor an outreach contact is linked to (Contacts/Show links to it). */
async function linkedName(tx: Tx, tenantId: number, id: number | null) {
  if (!id) return null;
  const [row] = await tx
    .select({ id: contacts.id, name: contacts.name, type: contacts.type })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  return row ?? null;
}

/**
 * The segments a contact belongs to: static ones through its picks, dynamic ones by testing the
 * contact's one row against each segment's condition in one statement.
 */
async function segmentsOf(tx: Tx, tenantId: number, contactId: number) {
  const all = await tx
    .select({ id: segments.id, name: segments.name, type: segments.type, rules: segments.rules })
    .from(segments)
    .where(eq(segments.tenantId, tenantId))
    .orderBy(asc(segments.name), asc(segments.id));
  const picked = new Set(
    (await tx.select({ id: segmentContacts.segmentId }).from(segmentContacts).where(and(eq(segmentContacts.tenantId, tenantId), eq(segmentContacts.contactId, contactId)))).map(
      (r) => r.id,
    ),
  );
  const dynamic = all.filter((s) => s.type === 'dynamic').slice(0, SHOWN_DYNAMIC_SEGMENTS);
  const matching = new Set<number>();
  if (dynamic.length) {
    // one after another: the conditions are compiled on the same transaction
    const probes: SQL[] = [];
    for (const s of dynamic) {
      // a segment whose rules no longer compile (a referenced segment was deleted) is simply not shown
      const cond = await segmentCondition(tx, tenantId, s as { id: number; type: 'dynamic'; rules: RuleGroup }).catch(() => null);
      if (cond) probes.push(sql`select ${s.id}::bigint as id where exists (select 1 from ${c} where ${c.tenantId} = ${tenantId} and ${c.id} = ${contactId} and ${cond})`);
    }
    if (probes.length) for (const r of await rows<{ id: number }>(tx, sql.join(probes, sql` union all `))) matching.add(Number(r.id));
  }
  return {
    segments: all.filter((s) => picked.has(s.id) || matching.has(s.id)).map(({ id, name, type }) => ({ id, name, type })),
    segments_partial: all.filter((s) => s.type === 'dynamic').length > SHOWN_DYNAMIC_SEGMENTS,
  };
}

const timelineQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export async function outreachPages(app: FastifyInstance) {
  const contactOf = (req: FastifyRequest) => recordOf(outreachContactResource.get(req), 'Contact');
  const segmentOf = (req: FastifyRequest) => recordOf(segmentResource.get(req), 'Segment');

  app.get('/contacts', { config: { access: 'contacts.view' } }, (_req, reply) => reply.inertia('Contacts/Index', {}));
  app.get('/contacts/create', { config: { access: 'contacts.create' } }, (_req, reply) => reply.inertia('Contacts/Create', {}));
  app.get('/contacts/:id', { config: { access: 'contacts.view' } }, async (req, reply) => {
    const contact = await contactOf(req);
    // two reads (the linked record, the segments): one transaction, not a single-statement read
    const extra = await req.tenantTx(async (tx) => ({
      linked: await linkedName(tx, req.tenant!.id, contact.accounting_contact_id as number | null),
      ...(await segmentsOf(tx, req.tenant!.id, contact.id as number)),
      // the channels closed for the contact (a bounce, a complaint, an unsubscribe), shown beside its consent
      suppressions: await tx
        .select({ channel: contactSuppressions.channel, reason: contactSuppressions.reason, detail: contactSuppressions.detail })
        .from(contactSuppressions)
        .where(and(eq(contactSuppressions.tenantId, req.tenant!.id), eq(contactSuppressions.contactId, contact.id as number), sql`${contactSuppressions.liftedAt} is null`)),
    }));
    return reply.inertia('Contacts/Show', { contact, ...extra });
  });
  app.get('/contacts/:id/edit', { config: { access: 'contacts.update' } }, async (req, reply) => {
    const contact = await contactOf(req);
    const linked = await req.tenantRead((tx) => linkedName(tx, req.tenant!.id, contact.accounting_contact_id as number | null));
    return reply.inertia('Contacts/Edit', { contact, linked });
  });

  // the contact's timeline (contact_events), newest first, 20 a page (SPEC §9)
  app.get('/contacts/:id/timeline', { config: { access: 'contacts.view' } }, async (req) => {
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = validate(timelineQuery, raw);
    const contact = await contactOf(req);
    // the page and its count: two statements, so a transaction
    return req.tenantTx(async (tx) => {
      const cond = and(eq(contactEvents.tenantId, req.tenant!.id), eq(contactEvents.contactId, contact.id as number));
      const data = await tx
        .select({
          id: contactEvents.id,
          type: contactEvents.type,
          occurred_at: sql<string>`to_char(${contactEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
          subject_type: contactEvents.subjectType,
          subject_id: contactEvents.subjectId,
          data: contactEvents.data,
        })
        .from(contactEvents)
        .where(cond)
        .orderBy(sql`${contactEvents.occurredAt} desc, ${contactEvents.id} desc`)
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(contactEvents).where(cond);
      return paginator(data, { total: n, page: q.page, perPage: q.per_page, path: req.url.split('?')[0], query: raw });
    });
  });

  app.get('/segments', { config: { access: 'segments.view' } }, (_req, reply) => reply.inertia('Segments/Index', {}));
  app.get('/segments/create', { config: { access: 'segments.create' } }, (_req, reply) => reply.inertia('Segments/Create', {}));
  // picking contacts into a static segment: the chosen one (?segment=) is only a default of the page's select
  app.get('/segments/contact-selection', { config: { access: 'segments.update' } }, async (req, reply) => {
    const wanted = Number((req.query as Record<string, unknown> | undefined)?.segment);
    const list = await req.tenantRead((tx) =>
      tx
        .select({ id: segments.id, name: segments.name })
        .from(segments)
        .where(and(eq(segments.tenantId, req.tenant!.id), eq(segments.type, 'static')))
        .orderBy(asc(segments.name), asc(segments.id)),
    );
    const segment = Number.isSafeInteger(wanted) && list.some((s) => s.id === wanted) ? wanted : null;
    return reply.inertia('Segments/ContactSelection', { segments: list, segment });
  });
  app.get('/segments/:id', { config: { access: 'segments.view' } }, async (req, reply) => reply.inertia('Segments/Show', { segment: await segmentOf(req) }));
  app.get('/segments/:id/edit', { config: { access: 'segments.update' } }, async (req, reply) => reply.inertia('Segments/Edit', { segment: await segmentOf(req) }));
}
