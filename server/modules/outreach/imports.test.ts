import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    // the report of what was skipped is kept: the skipped rows, not the imported ones as duplicates
    const report = (await owner.get(`/contacts/import/errors/${id}`)).body;
    expect(report).toContain('Row 5: The phone number is also on row 2.');
    expect(report).not.toContain('Amina');
    expect(report.trim().split('\n')).toHaveLength(6);
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

describe('contacts import: the company’s own fields, merging duplicates, the preview’s rows', () => {
  const previewOf = async (id: string, mapping: Record<string, string>, merge = false) =>
    (await owner.json('POST', `/contacts/import/preview/${id}`, { mapping, merge })).json();

  it('offers the company’s custom fields as columns, checks their values by type and stores them', async () => {
    expect((await owner.json('POST', '/contacts/fields/store', { key: 'region', label: 'Region', type: 'choice', choices: ['North', 'South'] })).statusCode).toBe(201);
    expect((await owner.json('POST', '/contacts/fields/store', { key: 'members', label: 'Household members', type: 'number' })).statusCode).toBe(201);
    const template = await owner.get('/contacts/import/template');
    expect(template.body.split('\n')[0]).toContain('Region');
    const up = await upload(owner, '/contacts', 'fields.csv', ['Name,Phone,Region,Household members', 'Fatma,0711 000 001,north,3', 'Gideon,0711 000 002,East,2', 'Hawa,0711 000 003,South,many'].join('\n'));
    expect(up.json().mapping).toMatchObject({ 'custom.region': 'Region', 'custom.members': 'Household members' });
    expect(up.json().columns).toContainEqual({ field: 'custom.region', label: 'Region', required: false });
    const preview = await previewOf(up.json().id, up.json().mapping);
    expect(preview).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    expect(preview.errors).toEqual([
      { row: 3, field: 'custom.region', message: 'The Region field must be one of: North, South.' },
      { row: 4, field: 'custom.members', message: 'The Household members field must be a number.' },
    ]);
    expect((await owner.json('POST', `/contacts/import/commit/${up.json().id}`, { skip_invalid: true })).statusCode).toBe(202);
    expect(await waitForImport(owner, '/contacts', up.json().id)).toMatchObject({ state: 'done', imported: 1 });
    const [fatma] = await withTenant(t.database, tenantId, (tx) => rows<{ custom: unknown }>(tx, sql`select custom from outreach_contacts where first_name = 'Fatma'`));
    expect(fatma.custom).toEqual({ region: 'North', members: 3 });
  });

  it('merges rows that match a contact by phone or e-mail when asked: values replaced, tags added, consent history kept', async () => {
    const csv = [
      'First name,Last name,Phone,Email,Tags,Email consent',
      'Amina,Wanjiru,0712 345 678,,volunteer,yes', // Amina by phone
      'Brian,,0799 000 001,brian@example.org,,no', // Brian by e-mail: takes the new phone
      'Mixed,Up,0712 345 678,cell@example.org,,', // Amina's phone, Cell's e-mail
      'New,Person,0799 000 002,,,',
    ].join('\n');
    const up = await upload(owner, '/contacts', 'merge.csv', csv);
    const id = up.json().id;
    expect(up.json().merge).toBe(true);
    const plain = await previewOf(id, up.json().mapping);
    expect(plain).toMatchObject({ valid: 1, invalid: 3, merging: 0 });
    const merged = await previewOf(id, up.json().mapping, true);
    expect(merged).toMatchObject({ valid: 3, invalid: 1, merging: 2 });
    expect(merged.errors).toEqual([{ row: 4, field: 'phone', message: 'The phone number is also on row 2.' }]);
    expect((await owner.json('POST', `/contacts/import/commit/${id}`, { skip_invalid: true, merge: true })).statusCode).toBe(202);
    const done = await waitForImport(owner, '/contacts', id);
    expect(done.message).toBe('3 contacts imported. 2 of them updated existing records. 1 row with errors skipped (see the error report).');
    const people = await withTenant(t.database, tenantId, (tx) =>
      rows<{ first_name: string; last_name: string; phone: string; email: string | null; tags: string[]; consent_email: string; n: number }>(
        tx,
        sql`select first_name, last_name, phone, email, tags, consent_email,
                   (select count(*)::int from contact_consent_events e where e.contact_id = c.id and e.channel = 'email') as n
              from outreach_contacts c where first_name in ('Amina', 'Brian', 'New') order by first_name`,
      ),
    );
    expect(people).toEqual([
      { first_name: 'Amina', last_name: 'Wanjiru', phone: '+254712345678', email: 'amina@example.org', tags: ['donor', 'VIP', 'volunteer'], consent_email: 'granted', n: 1 },
      // Brian's e-mail consent was granted by the first import and withdrawn by this one: both in the history
      { first_name: 'Brian', last_name: 'Kamau', phone: '+254799000001', email: 'brian@example.org', tags: ['volunteer'], consent_email: 'withdrawn', n: 2 },
      { first_name: 'New', last_name: 'Person', phone: '+254799000002', email: null, tags: [], consent_email: 'unknown', n: 0 },
    ]);
  });

  it('commits the rows the preview read, and reads the file again when the company’s settings changed meanwhile', async () => {
    const dataDir = t.app.ctx.config.dataDir;
    const tamper = (id: string) => {
      // the uploaded rows are rewritten behind the preview's back
      const file = join(dataDir, 'imports', String(tenantId), `${id}.json`);
      writeFileSync(file, readFileSync(file, 'utf8').replace('Previewed', 'Rewritten'));
    };
    const csv = ['First name,Phone', 'Previewed,0772 123 456'].join('\n');
    const a = (await upload(owner, '/contacts', 'a.csv', csv)).json();
    expect(await previewOf(a.id, a.mapping)).toMatchObject({ valid: 1 });
    tamper(a.id);
    await owner.json('POST', `/contacts/import/commit/${a.id}`, {});
    expect(await waitForImport(owner, '/contacts', a.id)).toMatchObject({ state: 'done', imported: 1 });

    const named = (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
      rows<{ first_name: string; phone: string }>(tx, sql`select first_name, phone from outreach_contacts where first_name in ('Previewed', 'Rewritten') order by id`);
    expect(await withTenant(t.database, tenantId, named)).toEqual([{ first_name: 'Previewed', phone: '+254772123456' }]);
    await withTenant(t.database, tenantId, (tx) => tx.execute(sql`delete from outreach_contacts where first_name = 'Previewed'`));
    const b = (await upload(owner, '/contacts', 'b.csv', csv)).json();
    expect(await previewOf(b.id, b.mapping)).toMatchObject({ valid: 1 });
    tamper(b.id);
    // numbers are now read as Ugandan ones: the preview's reading no longer holds
    await t.database.query(`update tenants set settings = settings || '{"country":"UG"}'::jsonb where id = $1`, [tenantId]);
    try {
      await owner.json('POST', `/contacts/import/commit/${b.id}`, {});
      expect(await waitForImport(owner, '/contacts', b.id)).toMatchObject({ state: 'done', imported: 1 });
    } finally {
      await t.database.query(`update tenants set settings = settings || '{"country":"KE"}'::jsonb where id = $1`, [tenantId]);
    }
    expect(await withTenant(t.database, tenantId, named)).toEqual([{ first_name: 'Rewritten', phone: '+256772123456' }]);
  });

  it('refuses the whole import when a contact with a phone of the file was added between the preview and the commit', async () => {
    // three chunks of the commit: the refusal in the first arrives while the second is being built
    const lines = ['First name,Phone', 'Racer,0755 000 001'];
    for (let i = 2; i <= 12_000; i++) lines.push(`Other,0756 ${String(i).padStart(6, '0')}`);
    const up = (await upload(owner, '/contacts', 'race.csv', lines.join('\n'))).json();
    expect(await previewOf(up.id, up.mapping)).toMatchObject({ valid: 12_000, invalid: 0 });
    expect((await owner.json('POST', '/contacts/store', { first_name: 'Quick', phone: '+254755000001' })).statusCode).toBe(201);
    await owner.json('POST', `/contacts/import/commit/${up.id}`, {});
    expect(await waitForImport(owner, '/contacts', up.id)).toMatchObject({
      state: 'failed',
      imported: 0,
      message: '1 row has the phone number or email address of a contact added since the preview. Preview the file again to see it; nothing was imported.',
    });
    const found = await withTenant(t.database, tenantId, (tx) =>
      rows<{ first_name: string }>(tx, sql`select first_name from outreach_contacts where phone like '+25475500000%' or phone like '+254756%' order by id`),
    );
    expect(found).toEqual([{ first_name: 'Quick' }]);
  });

});
