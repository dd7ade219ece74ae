import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { upload, waitForImport, xlsxFile } from '../../http/import/testing.js';
import { addMember } from '../users/test-helpers.js';

/** Importing outreach contacts (issue 14) through the shared import layer. */
let t: TestApp;
let owner: TestClient;
let tenantId: number;

const CSV = [
  'First name,Surname,Mobile,E-mail,Tags,SMS consent,Email consent',
  'Amina,Otieno,0712 345 678,amina@example.org,"donor, VIP",yes,',
  'Brian,Kamau,+254 722 000 111,brian@example.org,volunteer,no,yes',
  'Bad,Phone,12,bad@example.org,,,',
  'Twin,Phone,254712345678,twin@example.org,,,',
  'Existing,Person,0733 000 000,,,,',
  'No,Reach,,,,,',
  'Odd,Consent,0744 000 000,,,maybe,',
].join('\n');

const contactsOf = () =>
  withTenant(t.database, tenantId, (tx) =>
    rows<{ first_name: string; phone: string | null; tags: string[]; consent_sms: string; consent_email: string }>(
      tx,
      sql`select first_name, phone, tags, consent_sms, consent_email from outreach_contacts order by id`,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Importer');
  tenantId = a.tenantId;
  await t.database.query(`update tenants set settings = settings || '{"country":"KE"}'::jsonb where id = $1`, [tenantId]);
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  expect((await owner.json('POST', '/contacts/store', { first_name: 'Existing', phone: '+254733000000' })).statusCode).toBe(201);
});
afterAll(async () => t?.close());

describe('contacts import', () => {
  let id: string;

  it('maps the columns by their names and previews every row error: bad phone, duplicates in the file and in the book, unreachable, bad consent', async () => {
    const up = await upload(owner, '/contacts', 'people.csv', CSV);
    expect(up.statusCode).toBe(200);
    id = up.json().id;
    expect(up.json().mapping).toMatchObject({ first_name: 'First name', last_name: 'Surname', phone: 'Mobile', email: 'E-mail', tags: 'Tags', consent_sms: 'SMS consent', consent_email: 'Email consent' });
    const preview = (await owner.json('POST', `/contacts/import/preview/${id}`, { mapping: up.json().mapping })).json();
    expect(preview).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    expect(preview.errors).toEqual([
      { row: 4, field: 'phone', message: 'The phone field must be a valid phone number.' },
      { row: 5, field: 'phone', message: 'The phone number is also on row 2.' },
      { row: 6, field: 'phone', message: 'A contact with this phone number already exists.' },
      { row: 7, field: 'phone', message: 'A contact needs a phone number or an email address.' },
      { row: 8, field: 'consent_sms', message: 'The consent must be yes or no.' },
    ]);
  });

  it('imports nothing by default when rows have errors, and the error report lists them', async () => {
    const refused = await owner.json('POST', `/contacts/import/commit/${id}`, {});
    expect(refused.statusCode).toBe(422);
    const report = await owner.get(`/contacts/import/errors/${id}`);
    expect(report.body).toContain('Row 5: The phone number is also on row 2.');
    expect(await contactsOf()).toHaveLength(1);
  });

  it('imports the valid rows when asked to skip the others, with consent as history', async () => {
    const queued = await owner.json('POST', `/contacts/import/commit/${id}`, { skip_invalid: true });
    expect(queued.statusCode).toBe(202);
    const done = await waitForImport(owner, '/contacts', id);
    expect(done).toMatchObject({ state: 'done', imported: 2 });
    expect(done.message).toBe('2 contacts imported. 5 rows with errors skipped (see the error report).');
    expect(await contactsOf()).toEqual([
      { first_name: 'Existing', phone: '+254733000000', tags: [], consent_sms: 'unknown', consent_email: 'unknown' },
      { first_name: 'Amina', phone: '+254712345678', tags: ['donor', 'VIP'], consent_sms: 'granted', consent_email: 'unknown' },
      { first_name: 'Brian', phone: '+254722000111', tags: ['volunteer'], consent_sms: 'withdrawn', consent_email: 'granted' },
    ]);
    const history = await withTenant(t.database, tenantId, (tx) =>
      rows<{ channel: string; status: string; method: string }>(tx, sql`select channel, status, method from contact_consent_events order by id`),
    );
    expect(history).toEqual([
      { channel: 'sms', status: 'granted', method: 'import' },
      { channel: 'sms', status: 'withdrawn', method: 'import' },
      { channel: 'email', status: 'granted', method: 'import' },
    ]);
    // committed once: the file's rows are gone after the import, so a second commit finds nothing to import
    expect((await owner.json('POST', `/contacts/import/commit/${id}`, { skip_invalid: true })).statusCode).toBe(404);
    expect(await contactsOf()).toHaveLength(3);
  });

  it('reads XLSX files too, and needs contacts.import', async () => {
    const file = await xlsxFile([
      ['First name', 'Phone', 'Email'],
      ['Cell', 254755000000, 'cell@example.org'],
    ]);
    const up = await upload(owner, '/contacts', 'people.xlsx', file);
    const preview = (await owner.json('POST', `/contacts/import/preview/${up.json().id}`, { mapping: up.json().mapping })).json();
    expect(preview).toMatchObject({ valid: 1, invalid: 0 });
    const m = await addMember(t.database, tenantId, 'viewer', 'viewer@importer.test');
    const viewer = new TestClient(t.app);
    await viewer.login(m.email, m.password);
    expect((await upload(viewer, '/contacts', 'people.csv', CSV)).statusCode).toBe(403);
    // the wizard's page
    const page = await owner.get('/contacts/import', { inertia: true });
    expect(page.json()).toMatchObject({ component: 'Contacts/Import', props: { base: '/contacts', list_url: '/contacts', label: 'contacts' } });
    expect((await viewer.get('/contacts/import', { inertia: true })).statusCode).toBe(403);
  });
});
