import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactMergeSchema } from '../../../common/schemas/outreach.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, notFound } from '../../http/errors.js';
import { searchCondition } from '../../http/list.js';
import { validate } from '../../http/validate.js';
import { outreachContacts as c } from './schema.js';

/**
 * Two contact records that are one person become one (issue 14: a duplicate found on create or
 * import offers a merge): the kept contact takes the other's history — consent entries, timeline,
 * segment picks, suppressions — fills its empty fields from the other, joins the tags and custom
 * values (its own win), and its consent per channel becomes the latest entry of the joined
 * history. The other is deleted. One transaction.
 */
export async function mergeContacts(tx: Tx, tenantId: number, keepId: number, mergeId: number) {
  if (keepId === mergeId) throw fieldError('merge_id', 'A contact cannot be merged into itself.');
  const both = await tx.select().from(c).where(and(eq(c.tenantId, tenantId), sql`${c.id} in (${keepId}, ${mergeId})`));
  const keep = both.find((r) => r.id === keepId);
  const gone = both.find((r) => r.id === mergeId);
  if (!keep || !gone) throw notFound('Contact');
  const move = (table: string) => sql.raw(table);
  for (const table of ['contact_consent_events', 'contact_events']) {
    await tx.execute(sql`update ${move(table)} set contact_id = ${keepId} where tenant_id = ${tenantId} and contact_id = ${mergeId}`);
  }
  await tx.execute(sql`insert into segment_contacts (tenant_id, segment_id, contact_id, created_at)
    select tenant_id, segment_id, ${keepId}, created_at from segment_contacts where tenant_id = ${tenantId} and contact_id = ${mergeId}
    on conflict (tenant_id, segment_id, contact_id) do nothing`);
  await tx.execute(sql`insert into contact_suppressions (tenant_id, contact_id, channel, reason, detail, created_at)
    select tenant_id, ${keepId}, channel, reason, detail, created_at from contact_suppressions
     where tenant_id = ${tenantId} and contact_id = ${mergeId} and lifted_at is null
    on conflict (tenant_id, contact_id, channel) where lifted_at is null do nothing`);
  // the other goes first: its phone and e-mail are unique and may move to the kept one
  await tx.delete(c).where(and(eq(c.tenantId, tenantId), eq(c.id, mergeId)));
  const tags = [...keep.tags, ...gone.tags.filter((t) => !keep.tags.some((k) => k.toLowerCase() === t.toLowerCase()))];
  await tx
    .update(c)
    .set({
      firstName: keep.firstName || gone.firstName,
      lastName: keep.lastName || gone.lastName,
      phone: keep.phone ?? gone.phone,
      email: keep.email ?? gone.email,
      gender: keep.gender ?? gone.gender,
      birthday: keep.birthday ?? gone.birthday,
      location: keep.location ?? gone.location,
      source: keep.source ?? gone.source,
      notes: [keep.notes, gone.notes].filter(Boolean).join('\n\n') || null,
      tags,
      custom: { ...gone.custom, ...keep.custom },
      accountingContactId: keep.accountingContactId ?? gone.accountingContactId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(c.tenantId, tenantId), eq(c.id, keepId)));
  // consent per channel: the latest entry of the joined history, else what the kept one had
  await tx.execute(sql`update outreach_contacts o set
      consent_sms = coalesce((select e.status from contact_consent_events e where e.tenant_id = o.tenant_id and e.contact_id = o.id and e.channel = 'sms' order by e.created_at desc, e.id desc limit 1), o.consent_sms),
      consent_email = coalesce((select e.status from contact_consent_events e where e.tenant_id = o.tenant_id and e.contact_id = o.id and e.channel = 'email' order by e.created_at desc, e.id desc limit 1), o.consent_email),
      consent_voice = coalesce((select e.status from contact_consent_events e where e.tenant_id = o.tenant_id and e.contact_id = o.id and e.channel = 'voice' order by e.created_at desc, e.id desc limit 1), o.consent_voice)
    where o.tenant_id = ${tenantId} and o.id = ${keepId}`);
}

const searchQuery = z.object({
  search: z.string().trim().max(100).default(''),
  // narrows to a campaign's audience once campaigns exist (SPEC §7); a number when given
  campaignId: z.coerce.number().int().positive().optional(),
});

/** The contacts' own endpoints beside the resource: the pickers' search and the merge. */
export async function contactRoutes(app: FastifyInstance) {
  // SPEC §7 GET /contacts/search: the first 20 matches for a picker, by name, phone or e-mail fragment
  app.get('/contacts/search', { config: { access: 'contacts.view' } }, async (req) => {
    const q = validate(searchQuery, req.query ?? {});
    const found = await req.tenantRead((tx) =>
      rows<{ id: number; name: string; phone: string | null; email: string | null }>(
        tx,
        sql`select ${c.id} as id, trim(${c.firstName} || ' ' || ${c.lastName}) as name, ${c.phone} as phone, ${c.email} as email
              from ${c} where ${c.tenantId} = ${req.tenant!.id} ${q.search ? sql`and ${searchCondition([c.searchText], q.search)}` : sql``}
             order by ${c.lastName}, ${c.id} limit 20`,
      ),
    );
    return { data: found.map((r) => ({ ...r, id: Number(r.id) })) };
  });

  app.post('/contacts/merge', { config: { access: 'contacts.delete' } }, async (req) => {
    const { keep_id, merge_id } = validate(contactMergeSchema, req.body);
    await req.tenantTx((tx) => mergeContacts(tx, req.tenant!.id, keep_id, merge_id));
    return { message: 'Contacts merged successfully.', data: { id: keep_id } };
  });
}
