import { checkAllowance } from '../../http/allowance.js';
import { eq, sql } from 'drizzle-orm';
import { CHANNELS, CONSENT_FIELD } from '../../../common/outreach.js';
import { DUPLICATE_EMAIL_MESSAGE, DUPLICATE_PHONE_MESSAGE, outreachContactSchema, REACHABLE_MESSAGE } from '../../../common/schemas/outreach.js';
import type { Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { tenants } from '../../db/tenant-table.js';
import { ValidationError } from '../../http/errors.js';
import { answerFields } from '../../http/answer-fields.js';
import { defineResource } from '../../http/resource.js';
import type { OutreachContactRow } from '../../../common/answers/outreach.js';
import { contacts } from '../accounting/schema.js';
import { recordConsent } from './consent.js';
import { checkCustomValues, loadContactFields } from './fields.js';
import { PHONE_MESSAGE, phoneCountry, toE164 } from './phone.js';
import { outreachContacts } from './schema.js';

const c = outreachContacts;

/** The country a company's phone numbers are read against (ISO code in its settings; none: international numbers only). */
export async function companyPhoneCountry(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select({ country: sql<string | null>`${tenants.settings}->>'country'` })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return phoneCountry(row?.country);
}

/**
 * Outreach contacts (SPEC §2 Contacts, §7 /contacts/*; docs/decisions/0026-outreach-contacts.md):
 * the resource layer's list, record and writes, with the phone stored in E.164 and every consent
 * change written to the contact's consent history in the same transaction.
 */
export const outreachContactResource = defineResource({
  label: 'Contact',
  singular: 'contact',
  base: '/contacts',
  table: c,
  fields: answerFields<OutreachContactRow>()({
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    name: sql<string>`trim(${c.firstName} || ' ' || ${c.lastName})`,
    phone: c.phone,
    email: c.email,
    gender: c.gender,
    birthday: c.birthday,
    location: c.location,
    tags: c.tags,
    custom: c.custom,
    source: c.source,
    notes: c.notes,
    consent_sms: c.consentSms,
    consent_email: c.consentEmail,
    consent_voice: c.consentVoice,
    accounting_contact_id: c.accountingContactId,
    created_at: ts(c.createdAt),
    updated_at: ts(c.updatedAt),
  }),
  columns: { name: c.lastName, created_at: c.createdAt, updated_at: c.updatedAt },
  create: outreachContactSchema,
  searchable: ['first_name', 'last_name', 'phone', 'email'],
  searchColumn: c.searchText,
  sortable: ['first_name', 'last_name', 'created_at'],
  defaultSort: ['created_at', 'desc'],
  filterable: ['gender', 'source', 'consent_sms', 'consent_email', 'consent_voice', 'accounting_contact_id'],
  access: { view: 'contacts.view', create: 'contacts.create', update: 'contacts.update', delete: 'contacts.delete' },
  references: { accounting_contact_id: { table: contacts } },
  export: {
    access: 'contacts.export',
    // the company's own fields as columns of their own, after the standard ones
    omit: ['custom'],
    companyColumns: async (tx, req) => (await loadContactFields(tx, req.tenant!.id)).map((f): [string, string] => [`custom.${f.key}`, f.label]),
  },
  unique: [
    { constraint: 'outreach_contacts_phone_unique', field: 'phone', message: DUPLICATE_PHONE_MESSAGE },
    { constraint: 'outreach_contacts_email_unique', field: 'email', message: DUPLICATE_EMAIL_MESSAGE },
  ],
  beforeWrite: async (tx, req, input, current) => {
    // a new contact counts against the plan's contacts (docs/decisions/0046)
    if (!current) await checkAllowance(tx, req.tenant!.id, 'contacts', 1);
    const out: Record<string, unknown> = {};
    if (typeof input.phone === 'string') {
      const e164 = toE164(input.phone, await companyPhoneCountry(tx, req.tenant!.id));
      if (!e164) throw new ValidationError({ phone: [PHONE_MESSAGE] });
      out.phone = e164;
    }
    const phone = 'phone' in input ? input.phone : current?.phone;
    const email = 'email' in input ? input.email : current?.email;
    if (!phone && !email) throw new ValidationError({ phone: [REACHABLE_MESSAGE] });
    if (input.custom && typeof input.custom === 'object') {
      // an update's values join the stored ones; a null clears a field
      const checked = await checkCustomValues(tx, req.tenant!.id, input.custom as Record<string, unknown>);
      const merged = { ...((current?.custom as Record<string, unknown> | undefined) ?? {}), ...checked };
      out.custom = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null));
    }
    return out;
  },
  afterWrite: async (tx, req, record, _input, previous) => {
    // the status is already stored with the row; recordConsent adds the history entry (and stores the same status)
    await recordConsent(
      tx,
      req.tenant!.id,
      CHANNELS.flatMap((channel) => {
        const now = record[CONSENT_FIELD[channel]] as string;
        // unknown is where a contact starts; the API only grants or withdraws
        const before = (previous?.[CONSENT_FIELD[channel]] as string | undefined) ?? 'unknown';
        return now !== before && now !== 'unknown'
          ? [{ contactId: record.id as number, channel, status: now as 'granted' | 'withdrawn', method: 'manual' as const, userId: req.user!.id }]
          : [];
      }),
    );
  },
});

