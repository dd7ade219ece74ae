import { checkAllowance } from '../../http/allowance.js';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CHANNELS, CONSENT_FIELD, type Channel } from '../../../common/outreach.js';
import { outreachContactImportSchema, REACHABLE_MESSAGE } from '../../../common/schemas/outreach.js';
import { rows, type Tx } from '../../db/client.js';
import { formatCount } from '../../../common/format.js';
import { arrayLiteral, bulkInsert, bulkInsertQuery, ImportRejected, importable, type FieldIssue, type ImportContext, type RowError } from '../../http/import-export.js';
import { companyPhoneCountry } from './contacts.js';
import { loadContactFields, readCustomValues } from './fields.js';
import { PHONE_MESSAGE, toE164 } from './phone.js';
import { contactConsentEvents, outreachContacts } from './schema.js';

/** Rows per statement: few statements, and a progress bar that moves on 100,000 rows. */
const CHUNK = 5000;

type Consent = 'granted' | 'withdrawn';
type Row = {
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  gender?: string | null;
  birthday?: string | null;
  location?: string | null;
  tags: string[];
  custom: Record<string, string | number | null>;
  source?: string | null;
  notes?: string | null;
  consent_sms?: Consent;
  consent_email?: Consent;
  consent_voice?: Consent;
  /** the contact this row updates (an import that merges duplicates), set by the check */
  merge_into?: number;
};

/** A row of the file: the contact's fields, consent as yes/no, and the company's own fields as text under `custom`. */
const rowSchema = outreachContactImportSchema.extend({ custom: z.record(z.string(), z.string()).default({}) });

/**
 * Contacts from a CSV or XLSX file (issue 14) through the shared import layer: phones read in
 * E.164 against the company's country and the company's own fields checked by type (once, at
 * the preview; the commit reuses them), duplicates within the file refused by row, and contacts
 * already in the book either refused (skippable with the layer's skip-bad-rows commit) or, when
 * the user merges, updated with the file's values. Rows are written a few thousand per
 * statement; the consent the file states goes to each contact's consent history.
 */
export const contactImport = importable({
  key: 'outreach-contacts',
  label: 'contacts',
  base: '/contacts',
  permission: 'contacts.import',
  // an address book arrives whole: up to half a million rows a file
  limits: { maxBytes: 64 * 1024 * 1024, maxRows: 500_000 },
  merge: true,
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
  // the company's own contact fields are columns too, matched by label or key
  companyColumns: async (tx, ctx) =>
    (await loadContactFields(tx, ctx.tenantId)).map((f) => ({
      field: `custom.${f.key}`,
      label: f.label,
      aliases: [f.key],
      example: f.type === 'choice' ? (f.choices[0] ?? '') : f.type === 'number' ? '1' : f.type === 'date' ? '2026-01-31' : '',
    })),
  rowSchema,
  prepare: async (tx, ctx) => {
    const country = await companyPhoneCountry(tx, ctx.tenantId);
    const fields = await loadContactFields(tx, ctx.tenantId);
    const byKey = new Map(fields.map((f) => [f.key, f]));
    return {
      // the rows depend on the country and the fields' definitions
      key: JSON.stringify([country, fields]),
      row: (data) => {
        const d = data as unknown as Row;
        const issues: FieldIssue[] = [];
        if (d.phone) {
          const e164 = toE164(d.phone, country);
          if (e164) d.phone = e164;
          else issues.push({ field: 'phone', message: PHONE_MESSAGE });
        } else if (!d.email) issues.push({ field: 'phone', message: REACHABLE_MESSAGE });
        if (Object.keys(d.custom).length) {
          const read = readCustomValues(byKey, d.custom);
          for (const [field, message] of Object.entries(read.errors)) issues.push({ field, message });
          d.custom = Object.fromEntries(Object.entries(read.values).filter(([, v]) => v !== null));
        }
        return issues;
      },
    };
  },
  check: async (tx, ctx, valid) => {
    const errors: RowError[] = [];
    const firstPhone = new Map<string, number>();
    const firstEmail = new Map<string, number>();
    const rowsByNumber = new Map<number, Row>();
    for (const r of valid) {
      const d = r.data as unknown as Row;
      delete d.merge_into;
      rowsByNumber.set(r.row, d);
      if (d.phone) {
        const seen = firstPhone.get(d.phone);
        if (seen !== undefined) errors.push({ row: r.row, field: 'phone', message: `The phone number is also on row ${seen}.` });
        else firstPhone.set(d.phone, r.row);
      }
      if (d.email) {
        const seen = firstEmail.get(d.email);
        if (seen !== undefined) errors.push({ row: r.row, field: 'email', message: `The email address is also on row ${seen}.` });
        else firstEmail.set(d.email, r.row);
      }
    }
    // against the book: one query for every phone and e-mail of the file. The commit of an
    // all-or-nothing import leaves it to the unique indexes (see commit): the preview has just
    // checked, and a row that became a duplicate since refuses the import either way.
    if (ctx.stage === 'commit' && !ctx.merge && !ctx.skipInvalid) return errors;
    const taken = await existing(tx, ctx.tenantId, [...firstPhone.keys()], [...firstEmail.keys()]);
    if (!ctx.merge) {
      for (const [p] of taken.phones) errors.push({ row: firstPhone.get(p)!, field: 'phone', message: 'A contact with this phone number already exists.' });
      for (const [e] of taken.emails) errors.push({ row: firstEmail.get(e)!, field: 'email', message: 'A contact with this email address already exists.' });
      return errors;
    }
    // merging: a row whose phone or e-mail is in the book updates that contact, unless the two
    // belong to two different contacts
    const into = new Map<number, number>();
    for (const [p, id] of taken.phones) into.set(firstPhone.get(p)!, id);
    for (const [e, id] of taken.emails) {
      const row = firstEmail.get(e)!;
      const byPhone = into.get(row);
      if (byPhone !== undefined && byPhone !== id) errors.push({ row, field: 'email', message: 'The email address belongs to another contact than the phone number.' });
      else into.set(row, id);
    }
    const bad = new Set(errors.map((e) => e.row));
    const firstInto = new Map<number, number>();
    let merging = 0;
    for (const [row, id] of [...into].sort((a, b) => a[0] - b[0])) {
      if (bad.has(row)) continue;
      const seen = firstInto.get(id);
      if (seen !== undefined) {
        errors.push({ row, field: 'phone', message: `This row and row ${seen} are the same contact.` });
        continue;
      }
      firstInto.set(id, row);
      rowsByNumber.get(row)!.merge_into = id;
      merging++;
    }
    return { errors, merging };
  },
  commit: async (tx, ctx, list, progress) => {
    const all = list as unknown as Row[];
    // the new contacts (not those merged into existing ones) count against the plan's contacts
    await checkAllowance(tx, ctx.tenantId, 'contacts', all.filter((r) => r.merge_into === undefined).length);
    // The chunks are pipelined: the next chunk's statement is built (its arrays of values
    // serialised) while the database writes the current one, so the job's own work overlaps the
    // database's instead of adding to it.
    let next = all.length ? chunkStatement(ctx, all.slice(0, CHUNK)) : null;
    for (let i = 0; next; i += CHUNK) {
      const current = next;
      const written = writeChunk(tx, ctx, current);
      // handled by the await below; without a handler now, a refusal arriving while the next
      // chunk is built would count as unhandled
      written.catch(() => undefined);
      // let the statement go out before the next one is built
      await new Promise<void>((resolve) => setImmediate(resolve));
      next = i + CHUNK < all.length ? chunkStatement(ctx, all.slice(i + CHUNK, i + 2 * CHUNK)) : null;
      await written;
      await progress(Math.min(all.length, i + CHUNK));
    }
  },
});

type Chunk = { fresh: Row[]; merged: Row[]; insert: SQL | null };

/**
 * A chunk's new contacts as one statement: a column no row of the chunk fills is left out (its
 * default applies): fewer arrays to send and read; a column some rows fill is sent whole, with
 * the default spelled out for the others. The consent the file states goes to the consent
 * history, written by the same statement from what it inserted.
 */
function chunkStatement(ctx: ImportContext, chunk: Row[]): Chunk {
  const fresh = chunk.filter((r) => r.merge_into === undefined);
  const merged = chunk.filter((r) => r.merge_into !== undefined);
  if (!fresh.length) return { fresh, merged, insert: null };
  const some = (f: (r: Row) => unknown) => fresh.some((r) => f(r) !== undefined && f(r) !== null);
  const [tags, custom, sms, email, voice] = [
    some((r) => r.tags[0]),
    some((r) => Object.keys(r.custom)[0]),
    some((r) => r.consent_sms),
    some((r) => r.consent_email),
    some((r) => r.consent_voice),
  ];
  const contacts = bulkInsertQuery(
    outreachContacts,
    fresh.map((r) => ({
      tenantId: ctx.tenantId,
      firstName: r.first_name,
      lastName: r.last_name,
      phone: r.phone ?? undefined,
      email: r.email ?? undefined,
      gender: r.gender ?? undefined,
      birthday: r.birthday ?? undefined,
      location: r.location ?? undefined,
      tags: tags ? r.tags : undefined,
      // as JSON text: one jsonb[] parameter on every driver
      custom: custom ? JSON.stringify(r.custom) : undefined,
      source: r.source ?? undefined,
      notes: r.notes ?? undefined,
      consentSms: sms ? (r.consent_sms ?? 'unknown') : undefined,
      consentEmail: email ? (r.consent_email ?? 'unknown') : undefined,
      consentVoice: voice ? (r.consent_voice ?? 'unknown') : undefined,
    })),
    { id: outreachContacts.id, sms: outreachContacts.consentSms, email: outreachContacts.consentEmail, voice: outreachContacts.consentVoice },
    // a phone or e-mail that reached the book since the preview: the row is not inserted, and counted by writeChunk
    { onConflictDoNothing: true },
  );
  const insert = sql`
    with added as (${contacts}),
    history as (
      insert into contact_consent_events (tenant_id, contact_id, channel, status, method, user_id)
      select ${ctx.tenantId}, a.id, v.channel, v.status, 'import', ${ctx.userId}::bigint
        from added a cross join lateral (values ('sms', a.sms), ('email', a.email), ('voice', a.voice)) as v(channel, status)
       where v.status <> 'unknown')
    select count(*)::int as added from added`;
  return { fresh, merged, insert };
}

async function writeChunk(tx: Tx, ctx: ImportContext, { fresh, merged, insert }: Chunk) {
  if (insert) {
    const [{ added }] = await rows<{ added: number }>(tx, insert);
    if (added < fresh.length) {
      const n = fresh.length - added;
      throw new ImportRejected(
        `${formatCount(n)} ${n === 1 ? 'row has' : 'rows have'} the phone number or email address of a contact added since the preview. Preview the file again to see ${n === 1 ? 'it' : 'them'}; nothing was imported.`,
      );
    }
  }
  if (merged.length) {
    await mergeInto(tx, ctx.tenantId, merged);
    const history = merged.flatMap((r) =>
      CHANNELS.flatMap((channel: Channel) => {
        const status = r[CONSENT_FIELD[channel] as 'consent_sms'];
        return status ? [{ tenantId: ctx.tenantId, contactId: r.merge_into!, channel, status, method: 'import' as const, userId: ctx.userId }] : [];
      }),
    );
    await bulkInsert(tx, contactConsentEvents, history);
  }
}

/**
 * Rows of the file folded into the contacts they matched, in one statement: what the file
 * states replaces what is stored (an empty cell keeps it), tags are added, custom values join.
 */
async function mergeInto(tx: Tx, tenantId: number, merged: Row[]) {
  const col = <T>(f: (r: Row) => T) => sql.param(merged.map(f));
  await tx.execute(sql`
    update outreach_contacts c set
      first_name = coalesce(nullif(u.first_name, ''), c.first_name),
      last_name = coalesce(nullif(u.last_name, ''), c.last_name),
      phone = coalesce(u.phone, c.phone),
      email = coalesce(u.email, c.email),
      gender = coalesce(u.gender, c.gender),
      birthday = coalesce(u.birthday::date, c.birthday),
      location = coalesce(u.location, c.location),
      tags = c.tags || array(select t from unnest(u.tags::text[]) t where lower(t) <> all(select lower(x) from unnest(c.tags) x)),
      custom = c.custom || u.custom,
      source = coalesce(u.source, c.source),
      notes = coalesce(u.notes, c.notes),
      consent_sms = coalesce(u.consent_sms, c.consent_sms),
      consent_email = coalesce(u.consent_email, c.consent_email),
      consent_voice = coalesce(u.consent_voice, c.consent_voice),
      updated_at = now()
    from unnest(
      ${col((r) => r.merge_into)}::bigint[], ${col((r) => r.first_name)}::text[], ${col((r) => r.last_name)}::text[],
      ${col((r) => r.phone)}::text[], ${col((r) => r.email)}::text[], ${col((r) => r.gender ?? null)}::text[],
      ${col((r) => r.birthday ?? null)}::text[], ${col((r) => r.location ?? null)}::text[],
      ${col((r) => arrayLiteral(r.tags))}::text[],
      ${col((r) => JSON.stringify(r.custom ?? {}))}::jsonb[], ${col((r) => r.source ?? null)}::text[], ${col((r) => r.notes ?? null)}::text[],
      ${col((r) => r.consent_sms ?? null)}::text[], ${col((r) => r.consent_email ?? null)}::text[], ${col((r) => r.consent_voice ?? null)}::text[]
    ) as u(id, first_name, last_name, phone, email, gender, birthday, location, tags, custom, source, notes, consent_sms, consent_email, consent_voice)
    where c.tenant_id = ${tenantId} and c.id = u.id`);
}

/**
 * The contacts of the book that hold any of these phones or e-mails: value → contact id. One
 * statement; for a large file PostgreSQL hashes both lists and reads the company's contacts once
 * instead of probing the two unique indexes once per value.
 */
async function existing(tx: Tx, tenantId: number, phones: string[], emails: string[]) {
  const out = { phones: new Map<string, number>(), emails: new Map<string, number>() };
  if (!phones.length && !emails.length) return out;
  const found = await rows<{ id: number; phone: string | null; email: string | null }>(
    tx,
    sql`select id, phone, email from outreach_contacts
         where tenant_id = ${tenantId} and (phone = any(${sql.param(phones)}::text[]) or email = any(${sql.param(emails)}::text[]))`,
  );
  const wantedPhones = new Set(phones);
  const wantedEmails = new Set(emails);
  for (const f of found) {
    if (f.phone && wantedPhones.has(f.phone)) out.phones.set(f.phone, Number(f.id));
    if (f.email && wantedEmails.has(f.email)) out.emails.set(f.email, Number(f.id));
  }
  return out;
}
