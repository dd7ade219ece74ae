import { sql, type SQL } from 'drizzle-orm';
import type { SmsAudience } from '../../../common/answers/sms.js';
import type { RuleGroup } from '../../../common/segments.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { sendableCondition } from '../outreach/consent.js';
import { companyPhoneCountry } from '../outreach/contacts.js';
import { toE164 } from '../outreach/phone.js';
import { segmentCondition } from '../outreach/segment-rules.js';

/** Who a send to phones goes to: any mix of contacts, segments and pasted numbers. */
export type PhoneAudience = SmsAudience;

/**
 * The phone channels and who each may reach:
 *
 * - `sms`: contacts with SMS consent granted and no open SMS suppression; a pasted number is left
 *   out only when it belongs to a contact who withdrew or is suppressed;
 * - `airtime`: a top-up is a payment, not a message, so it needs no marketing consent — but a
 *   phone with an open SMS suppression (a bad number, a complaint) is left out, contact or pasted.
 */
export type PhoneChannel = 'sms' | 'airtime';

/**
 * An audience as SQL: the picked contacts and the segments' members, and the pasted numbers — one
 * row per phone once the channel's rules are applied (recipientsSql).
 */
export interface ResolvedAudience {
  /** the contacts asked for (before consent) */
  contacts: SQL;
  /** pasted numbers read as E.164, each once */
  numbers: string[];
  invalid: string[];
  label: string;
}

export async function resolveAudience(tx: Tx, tenantId: number, audience: PhoneAudience): Promise<ResolvedAudience> {
  const country = await companyPhoneCountry(tx, tenantId);
  const numbers = new Set<string>();
  const invalid: string[] = [];
  for (const raw of audience.numbers) {
    const n = toE164(raw, country);
    if (n) numbers.add(n);
    else invalid.push(raw);
  }
  const segIds = [...new Set(audience.segment_ids)];
  const segs = segIds.length
    ? await rows<{ id: number; name: string; type: 'dynamic' | 'static'; rules: RuleGroup }>(
        tx,
        sql`select id, name, type, rules from segments where tenant_id = ${tenantId} and id = any(${sql.param(segIds)}::bigint[]) order by name`,
      )
    : [];
  if (segs.length !== segIds.length) throw fieldError('audience.segment_ids', 'A selected segment does not exist.');
  const conditions: SQL[] = [];
  const contactIds = [...new Set(audience.contact_ids)];
  if (contactIds.length) conditions.push(sql`outreach_contacts.id = any(${sql.param(contactIds)}::bigint[])`);
  for (const s of segs) conditions.push(await segmentCondition(tx, tenantId, { id: Number(s.id), type: s.type, rules: s.rules }));
  const contacts = conditions.length ? sql`outreach_contacts.tenant_id = ${tenantId} and (${sql.join(conditions, sql` or `)})` : sql`false`;
  const parts: string[] = [];
  if (segs.length) parts.push(`${segs.length === 1 ? 'Segment' : 'Segments'}: ${segs.map((s) => s.name).join(', ')}`);
  if (contactIds.length) parts.push(`${contactIds.length} ${contactIds.length === 1 ? 'contact' : 'contacts'}`);
  if (numbers.size) parts.push(`${numbers.size} ${numbers.size === 1 ? 'number' : 'numbers'}`);
  return { contacts, numbers: [...numbers], invalid, label: parts.join('; ') || 'No one' };
}

/** an open SMS suppression of the contact `alias` */
const smsSuppressed = (tenantId: number, alias: SQL) =>
  sql`exists (select 1 from contact_suppressions s where s.tenant_id = ${tenantId} and s.contact_id = ${alias} and s.channel = 'sms' and s.lifted_at is null)`;

/** may a contact of the audience be reached on the channel */
function contactAllowed(tenantId: number, channel: PhoneChannel): SQL {
  if (channel === 'sms') return sendableCondition('sms');
  return sql`not ${smsSuppressed(tenantId, sql`outreach_contacts.id`)}`;
}

/** is a pasted number's contact (alias o, possibly none) left out on the channel */
function pastedOut(tenantId: number, channel: PhoneChannel): SQL {
  const suppressed = smsSuppressed(tenantId, sql`o.id`);
  if (channel === 'sms') return sql`(o.id is not null and (o.consent_sms = 'withdrawn' or ${suppressed}))`;
  return sql`(o.id is not null and ${suppressed})`;
}

/**
 * The recipients' SQL for the delivery engine: contact_id, address, body (null), units (SMS
 * parts, the airtime amount). A phone reached twice (two segments, a pasted number of a contact)
 * is one row, the contact's.
 */
export function recipientsSql(tenantId: number, a: ResolvedAudience, units: number | string, channel: PhoneChannel = 'sms'): SQL {
  return sql`select distinct on (address) contact_id, address, null::text as body, ${String(units)}::numeric as units from (
      select outreach_contacts.id as contact_id, outreach_contacts.phone as address, 0 as pri
        from outreach_contacts
       where ${a.contacts} and outreach_contacts.phone is not null and ${contactAllowed(tenantId, channel)}
      union all
      select o.id, n.phone, 1 from unnest(${sql.param(a.numbers)}::text[]) as n(phone)
        left join outreach_contacts o on o.tenant_id = ${tenantId} and o.phone = n.phone
       where not ${pastedOut(tenantId, channel)}
    ) x order by address, pri`;
}

/** The preview's figures: who is left out and why, and how many remain. One statement. */
export async function audienceFigures(tx: Tx, tenantId: number, a: ResolvedAudience, channel: PhoneChannel = 'sms') {
  const consent = channel === 'sms' ? sql`consent_sms <> 'granted'` : sql`false`;
  const [f] = await rows<{ asked: number; no_phone: number; suppressed: number; no_consent: number; numbers_out: number; recipients: number }>(
    tx,
    sql`with asked as (
          select outreach_contacts.id, outreach_contacts.phone, outreach_contacts.consent_sms,
                 ${smsSuppressed(tenantId, sql`outreach_contacts.id`)} as suppressed
            from outreach_contacts where ${a.contacts}
        ), pasted as (
          select n.phone, o.id as contact_id, ${pastedOut(tenantId, channel)} as out
            from unnest(${sql.param(a.numbers)}::text[]) as n(phone) left join outreach_contacts o on o.tenant_id = ${tenantId} and o.phone = n.phone
        )
        select (select count(*)::int from asked) as asked,
               (select count(*)::int from asked where phone is null) as no_phone,
               (select count(*)::int from asked where phone is not null and suppressed) as suppressed,
               (select count(*)::int from asked where phone is not null and not suppressed and ${consent}) as no_consent,
               (select count(*)::int from pasted where out) as numbers_out,
               (select count(*)::int from (${recipientsSql(tenantId, a, 1, channel)}) r) as recipients`,
  );
  const eligible = f.asked - f.no_phone - f.suppressed - f.no_consent + (a.numbers.length - f.numbers_out);
  return {
    recipients: Number(f.recipients),
    excluded: {
      no_consent: Number(f.no_consent),
      suppressed: Number(f.suppressed) + Number(f.numbers_out),
      no_phone: Number(f.no_phone),
      duplicates: Math.max(0, eligible - Number(f.recipients)),
    },
  };
}
