import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { resolveAudience, type ResolvedAudience } from '../delivery/audience.js';
import { sendableCondition } from '../outreach/consent.js';

/**
 * Who an email goes to (docs/decisions/0038): a campaign to contacts and segments — contacts with
 * email consent granted, no open email suppression and an address — or a few typed addresses,
 * each one message (left out when the address is a contact's who withdrew email consent or whose
 * email is suppressed). One row per address.
 */
export interface EmailAudience {
  contact_ids: number[];
  segment_ids: number[];
  /** typed addresses, lower case */
  addresses: string[];
}

export interface ResolvedEmailAudience {
  contacts: SQL;
  addresses: string[];
  label: string;
}

export async function resolveEmailAudience(tx: Tx, tenantId: number, a: EmailAudience): Promise<ResolvedEmailAudience> {
  const base: ResolvedAudience = await resolveAudience(tx, tenantId, { contact_ids: a.contact_ids, segment_ids: a.segment_ids, numbers: [] });
  const addresses = [...new Set(a.addresses)];
  const label = addresses.length
    ? addresses.length === 1
      ? addresses[0]
      : `${addresses.length} addresses`
    : base.label;
  return { contacts: base.contacts, addresses, label };
}

/** an open email suppression of the contact `alias` */
const emailSuppressed = (tenantId: number, alias: SQL) =>
  sql`exists (select 1 from contact_suppressions s where s.tenant_id = ${tenantId} and s.contact_id = ${alias} and s.channel = 'email' and s.lifted_at is null)`;

/** The recipients' SQL for the delivery engine: contact_id, address, body (null), units (one email each). */
export function emailRecipientsSql(tenantId: number, a: ResolvedEmailAudience): SQL {
  return sql`select distinct on (address) contact_id, address, null::text as body, 1::numeric as units from (
      select outreach_contacts.id as contact_id, outreach_contacts.email as address, 0 as pri
        from outreach_contacts
       where ${a.contacts} and outreach_contacts.email is not null and ${sendableCondition('email')}
      union all
      select o.id, n.address, 1 from unnest(${sql.param(a.addresses)}::text[]) as n(address)
        left join outreach_contacts o on o.tenant_id = ${tenantId} and o.email = n.address
       where not (o.id is not null and (o.consent_email = 'withdrawn' or ${emailSuppressed(tenantId, sql`o.id`)}))
    ) x order by address, pri`;
}

/** The compose screen's figures: who is left out and why, and how many remain. One statement. */
export async function emailAudienceFigures(tx: Tx, tenantId: number, a: ResolvedEmailAudience) {
  const [f] = await rows<{ asked: number; no_email: number; suppressed: number; no_consent: number; addresses_out: number; recipients: number }>(
    tx,
    sql`with asked as (
          select outreach_contacts.id, outreach_contacts.email, outreach_contacts.consent_email,
                 ${emailSuppressed(tenantId, sql`outreach_contacts.id`)} as suppressed
            from outreach_contacts where ${a.contacts}
        ), typed as (
          select n.address, o.id is not null and (o.consent_email = 'withdrawn' or ${emailSuppressed(tenantId, sql`o.id`)}) as out
            from unnest(${sql.param(a.addresses)}::text[]) as n(address) left join outreach_contacts o on o.tenant_id = ${tenantId} and o.email = n.address
        )
        select (select count(*)::int from asked) as asked,
               (select count(*)::int from asked where email is null) as no_email,
               (select count(*)::int from asked where email is not null and suppressed) as suppressed,
               (select count(*)::int from asked where email is not null and not suppressed and consent_email <> 'granted') as no_consent,
               (select count(*)::int from typed where out) as addresses_out,
               (select count(*)::int from (${emailRecipientsSql(tenantId, a)}) r) as recipients`,
  );
  const eligible = f.asked - f.no_email - f.suppressed - f.no_consent + (a.addresses.length - f.addresses_out);
  return {
    recipients: Number(f.recipients),
    excluded: {
      no_consent: Number(f.no_consent),
      suppressed: Number(f.suppressed) + Number(f.addresses_out),
      no_email: Number(f.no_email),
      duplicates: Math.max(0, eligible - Number(f.recipients)),
    },
  };
}
