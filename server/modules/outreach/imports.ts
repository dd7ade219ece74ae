import { sql } from 'drizzle-orm';
import { CHANNELS, CONSENT_FIELD } from '../../../common/outreach.js';
import { outreachContactImportSchema } from '../../../common/schemas/outreach.js';
import { rows, type Tx } from '../../db/client.js';
import { bulkInsert, importable, type RowError } from '../../http/import-export.js';
import { companyPhoneCountry } from './contacts.js';
import { PHONE_MESSAGE, toE164 } from './phone.js';
import { contactConsentEvents, outreachContacts } from './schema.js';

/** Rows per INSERT: few statements, and a progress bar that moves on 100,000 rows. */
const CHUNK = 5000;

type Row = {
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  consent_sms?: 'granted' | 'withdrawn';
  consent_email?: 'granted' | 'withdrawn';
  consent_voice?: 'granted' | 'withdrawn';
} & Record<string, unknown>;

/**
 * Contacts from a CSV or XLSX file (issue 14) through the shared import layer: phones read in
 * E.164 against the company's country, duplicates within the file and against the book refused
 * by row (skippable with the layer's skip-bad-rows commit), rows inserted a few thousand per
 * statement, and consent stated in the file written to each contact's consent history.
 */
export const contactImport = importable({
  key: 'outreach-contacts',
  label: 'contacts',
  base: '/contacts',
  permission: 'contacts.import',
  // an address book arrives whole: up to half a million rows a file
  limits: { maxBytes: 64 * 1024 * 1024, maxRows: 500_000 },
  columns: [
    { field: 'first_name', label: 'First name', aliases: ['first', 'given name', 'firstname', 'name'], example: 'Amina' },
    { field: 'last_name', label: 'Last name', aliases: ['last', 'surname', 'family name', 'lastname'], example: 'Otieno' },
    { field: 'phone', label: 'Phone', aliases: ['mobile', 'telephone', 'tel', 'phone number', 'msisdn', 'cell'], example: '+254712345678' },
    { field: 'email', label: 'Email', aliases: ['e-mail', 'email address', 'mail'], example: 'amina@example.org' },
    { field: 'gender', label: 'Gender', aliases: ['sex'], example: 'female' },
    { field: 'birthday', label: 'Birthday', aliases: ['date of birth', 'dob', 'birth date'], example: '1990-05-17' },
    { field: 'location', label: 'Location', aliases: ['city', 'town', 'address'], example: 'Nairobi' },
    { field: 'tags', label: 'Tags', kind: 'list', aliases: ['tag', 'labels', 'groups'], example: 'donor, volunteer' },
    { field: 'source', label: 'Source', aliases: ['origin', 'channel'], example: 'Website form' },
    { field: 'notes', label: 'Notes', aliases: ['note', 'comments'], example: '' },
    { field: 'consent_sms', label: 'SMS consent', aliases: ['sms', 'sms opt-in', 'sms opt in'], example: 'yes' },
    { field: 'consent_email', label: 'Email consent', aliases: ['email opt-in', 'email opt in', 'newsletter'], example: 'yes' },
    { field: 'consent_voice', label: 'Voice consent', aliases: ['voice', 'calls'], example: 'no' },
  ],
  rowSchema: outreachContactImportSchema,
  check: async (tx, ctx, valid) => {
    const errors: RowError[] = [];
    const country = await companyPhoneCountry(tx, ctx.tenantId);
    const firstPhone = new Map<string, number>();
    const firstEmail = new Map<string, number>();
    for (const r of valid) {
      const d = r.data as Row;
      if (!d.phone && !d.email) {
        errors.push({ row: r.row, field: 'phone', message: 'A contact needs a phone number or an email address.' });
        continue;
      }
      if (d.phone) {
        const e164 = toE164(d.phone, country);
        if (!e164) {
          errors.push({ row: r.row, field: 'phone', message: PHONE_MESSAGE });
          continue;
        }
        d.phone = e164;
        const seen = firstPhone.get(e164);
        if (seen !== undefined) errors.push({ row: r.row, field: 'phone', message: `The phone number is also on row ${seen}.` });
        else firstPhone.set(e164, r.row);
      }
      if (d.email) {
        const seen = firstEmail.get(d.email);
        if (seen !== undefined) errors.push({ row: r.row, field: 'email', message: `The email address is also on row ${seen}.` });
        else firstEmail.set(d.email, r.row);
      }
    }
    // against the book: one query for every phone and e-mail of the file
    const taken = await existing(tx, ctx.tenantId, [...firstPhone.keys()], [...firstEmail.keys()]);
    for (const p of taken.phones) errors.push({ row: firstPhone.get(p)!, field: 'phone', message: 'A contact with this phone number already exists.' });
    for (const e of taken.emails) errors.push({ row: firstEmail.get(e)!, field: 'email', message: 'A contact with this email address already exists.' });
    return errors;
  },
  commit: async (tx, ctx, list, progress) => {
    for (let i = 0; i < list.length; i += CHUNK) {
      const chunk = list.slice(i, i + CHUNK) as Row[];
      const inserted = await bulkInsert<{ id: number }>(
        tx,
        outreachContacts,
        chunk.map((r) => ({
          tenantId: ctx.tenantId,
          firstName: r.first_name,
          lastName: r.last_name,
          phone: r.phone,
          email: r.email,
          gender: r.gender ?? null,
          birthday: r.birthday ?? null,
          location: r.location ?? null,
          tags: r.tags ?? [],
          source: r.source ?? null,
          notes: r.notes ?? null,
          consentSms: r.consent_sms ?? 'unknown',
          consentEmail: r.consent_email ?? 'unknown',
          consentVoice: r.consent_voice ?? 'unknown',
        })),
        { id: outreachContacts.id },
      );
      // the consent the file states, as history (the status is already on the rows)
      const history = chunk.flatMap((r, k) =>
        CHANNELS.flatMap((channel) => {
          const status = r[CONSENT_FIELD[channel]] as 'granted' | 'withdrawn' | undefined;
          return status ? [{ tenantId: ctx.tenantId, contactId: inserted[k].id, channel, status, method: 'import' as const, userId: ctx.userId }] : [];
        }),
      );
      await bulkInsert(tx, contactConsentEvents, history);
      await progress(Math.min(list.length, i + CHUNK));
    }
  },
});

async function existing(tx: Tx, tenantId: number, phones: string[], emails: string[]) {
  if (!phones.length && !emails.length) return { phones: [], emails: [] };
  const found = await rows<{ phone: string | null; email: string | null; by: string }>(
    tx,
    sql`select phone, null as email, 'phone' as by from outreach_contacts where tenant_id = ${tenantId} and phone = any(${sql.param(phones)}::text[])
        union all
        select null, email, 'email' from outreach_contacts where tenant_id = ${tenantId} and email = any(${sql.param(emails)}::text[])`,
  );
  return { phones: found.filter((f) => f.by === 'phone').map((f) => f.phone!), emails: found.filter((f) => f.by === 'email').map((f) => f.email!) };
}
