import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SmsTemplatePreview, SmsTemplateRow } from '../../../common/answers/sms.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';

/**
 * SMS templates (issue 16): the resource's CRUD, its 422s (name unique per company whatever
 * the case, the body must render), tenancy (another company's template or contact is 404),
 * permissions (sms.*), the preview, and the page.
 */
let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let accountant: TestClient;
let other: TestClient;
let amina: number;
let theirContact: number;
let theirTemplate: number;
let tenantA: number;
let ownerId: number;

const store = (c: TestClient, body: Record<string, unknown>) => c.json('POST', '/sms/templates/store', body);
const preview = (c: TestClient, body: Record<string, unknown>) => c.json('POST', '/sms/templates/preview', body);
const errorsOf = (res: { statusCode: number; json: () => { errors: Record<string, string[]> } }) => {
  expect(res.statusCode).toBe(422);
  return res.json().errors;
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Templates A');
  const b = await seedTenant(t.database, 'Templates B');
  tenantA = a.tenantId;
  ownerId = a.userId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@templates-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  const acc = await addMember(t.database, a.tenantId, 'accountant', 'accountant@templates-a.test');
  accountant = new TestClient(t.app);
  await accountant.login(acc.email, acc.password);

  // company A's own field "region"; company B has a field "zone"
  expect((await owner.json('POST', '/contacts/fields/store', { key: 'region', label: 'Region', type: 'text' })).statusCode).toBe(201);
  expect((await owner.json('POST', '/contacts/fields/store', { key: 'tier', label: 'Tier', type: 'choice', choices: ['Gold', 'Silver'] })).statusCode).toBe(201);
  expect((await other.json('POST', '/contacts/fields/store', { key: 'zone', label: 'Zone', type: 'text' })).statusCode).toBe(201);
  [{ id: amina }] = await withTenant(t.database, a.tenantId, (tx) =>
    rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone, custom) values (${a.tenantId}, 'Amina', 'Otieno', '+254712000001', '{"region":"Coast"}') returning id`),
  );
  [{ id: theirContact }] = await withTenant(t.database, b.tenantId, (tx) =>
    rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name, last_name, phone) values (${b.tenantId}, 'Baraka', 'Mwangi', '+254712000002') returning id`),
  );
  amina = Number(amina);
  theirContact = Number(theirContact);
  theirTemplate = (await store(other, { name: 'Theirs', body: 'Hello {{ custom.zone }}' })).json().data.id;
});
afterAll(async () => t?.close());

describe('templates: create, read, update, delete', () => {
  it('stores a template and answers its variables, encoding and parts', async () => {
    const res = await store(owner, { name: '  Welcome ', body: 'Karibu {{ first_name }} from {{ custom.region | default: "Kenya" }}!' });
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json() as { message: string; data: SmsTemplateRow };
    expect(message).toBe('SMS template created successfully.');
    expect(data).toMatchObject({ name: 'Welcome', variables: ['first_name', 'custom.region'], encoding: 'GSM-7', parts: 1 });
    expect(Object.keys(data).sort()).toEqual(['body', 'created_at', 'encoding', 'id', 'name', 'parts', 'updated_at', 'variables']);
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // who made it is stored (it used to be dropped: the resource had no column for it)
    const [made] = await withTenant(t.database, tenantA, (tx) => rows<{ created_by: number | null }>(tx, sql`select created_by from sms_templates where id = ${data.id}`));
    expect(Number(made.created_by)).toBe(ownerId);

    const one = await owner.get(`/sms/templates/get-template/${data.id}`, { json: true });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(data);
  });

  it('counts a text with an emoji as UCS-2 and a long text in several parts', async () => {
    const emoji = (await store(owner, { name: 'Party', body: 'Sherehe leo 🎉' })).json().data as SmsTemplateRow;
    expect(emoji).toMatchObject({ encoding: 'UCS-2', parts: 1, variables: [] });
    const long = (await store(owner, { name: 'Long', body: 'a'.repeat(161) })).json().data as SmsTemplateRow;
    expect(long).toMatchObject({ encoding: 'GSM-7', parts: 2 });
    // the parts of the fixed text: {{ … }} is replaced for each contact, its braces are never sent
    const fixed = (await store(owner, { name: 'Fixed', body: `${'a'.repeat(150)}{{ first_name }}` })).json().data as SmsTemplateRow;
    expect(fixed).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    await owner.json('DELETE', `/sms/templates/delete/${fixed.id}`);
  });

  it('lists, searches name and body, and sorts by name or last change', async () => {
    const names = async (query: string) => ((await owner.get(`/sms/templates/json?${query}`, { json: true })).json().data as SmsTemplateRow[]).map((r) => r.name);
    const page = (await owner.get('/sms/templates/json', { json: true })).json();
    expect(page).toMatchObject({ current_page: 1, per_page: 15, total: 3 });
    expect(page.data[0]).toHaveProperty('variables');
    // newest change first by default
    expect(await names('')).toEqual(['Long', 'Party', 'Welcome']);
    expect(await names('sort_by=name&sort_order=asc')).toEqual(['Long', 'Party', 'Welcome']);
    expect(await names('sort_by=updated_at&sort_order=asc')).toEqual(['Welcome', 'Party', 'Long']);
    expect(await names('search=welc')).toEqual(['Welcome']);
    expect(await names('search=sherehe')).toEqual(['Party']);
    expect((await owner.get('/sms/templates/json?sort_by=body', { json: true })).statusCode).toBe(422);
  });

  it('updates a template: the answer follows the new text', async () => {
    const id = (await store(owner, { name: 'Reminder', body: 'See you tomorrow' })).json().data.id;
    const res = await owner.json('PUT', `/sms/templates/update/${id}`, { body: 'See you tomorrow, {{ name }} 😀' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'SMS template updated successfully.', data: { name: 'Reminder', variables: ['name'], encoding: 'UCS-2' } });
    const renamed = await owner.json('PUT', `/sms/templates/update/${id}`, { name: 'Reminder (day before)' });
    expect(renamed.json().data).toMatchObject({ name: 'Reminder (day before)', body: 'See you tomorrow, {{ name }} 😀' });
  });

  it('deletes a template', async () => {
    const id = (await store(owner, { name: 'Short-lived', body: 'Bye' })).json().data.id;
    const res = await owner.json('DELETE', `/sms/templates/delete/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SMS template deleted successfully.' });
    expect((await owner.get(`/sms/templates/get-template/${id}`, { json: true })).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it('requires a name and a body, within their lengths', async () => {
    expect(errorsOf(await store(owner, {}))).toEqual({ name: ['The name field is required.'], body: ['The body field is required.'] });
    expect(errorsOf(await store(owner, { name: '   ', body: '  ' }))).toMatchObject({ name: ['The name field is required.'], body: ['The body field is required.'] });
    const tooLong = errorsOf(await store(owner, { name: 'n'.repeat(101), body: 'b'.repeat(1601) }));
    expect(tooLong.name[0]).toMatch(/100 characters/);
    expect(tooLong.body[0]).toMatch(/1600 characters/);
    // exactly at the limits is fine
    expect((await store(owner, { name: 'n'.repeat(100), body: 'b'.repeat(1600) })).statusCode).toBe(201);
  });

  it('refuses a second template of the same name in the company, whatever the case', async () => {
    expect(errorsOf(await store(owner, { name: 'WELCOME', body: 'Hi' }))).toEqual({ name: ['A template with this name already exists.'] });
    const id = (await store(owner, { name: 'Unique one', body: 'Hi' })).json().data.id;
    expect(errorsOf(await owner.json('PUT', `/sms/templates/update/${id}`, { name: 'welcome' }))).toEqual({ name: ['A template with this name already exists.'] });
    // another company may use the name
    expect((await store(other, { name: 'Welcome', body: 'Hi' })).statusCode).toBe(201);
  });

  it('refuses a body that does not render, in a sentence, and writes nothing', async () => {
    const before = (await owner.get('/sms/templates/json', { json: true })).json().total;
    expect(errorsOf(await store(owner, { name: 'Typo', body: 'Hi {{ frist_name }}' }))).toEqual({ body: ['The message uses {{ frist_name }}, which is not a contact field.'] });
    expect(errorsOf(await store(owner, { name: 'Open', body: 'Hi {{ first_name' }))).toEqual({ body: ['"{{ first_name" is not closed: end it with }} (line 1, column 4).'] });
    expect(errorsOf(await store(owner, { name: 'Files', body: '{% include "/etc/passwd" %}' })).body[0]).toMatch(/cannot include/);
    // a field of another company is not one of this company's
    expect(errorsOf(await store(owner, { name: 'Zone', body: '{{ custom.zone }}' }))).toEqual({ body: ['The message uses {{ custom.zone }}, which is not a contact field.'] });
    const id = (await owner.get('/sms/templates/json?search=Welcome', { json: true })).json().data[0].id;
    expect(errorsOf(await owner.json('PUT', `/sms/templates/update/${id}`, { body: '{% if name %}' })).body[0]).toMatch(/has no matching \{% endif %\}/);
    expect((await owner.get('/sms/templates/json', { json: true })).json().total).toBe(before);
    expect((await owner.get(`/sms/templates/get-template/${id}`, { json: true })).json().data.body).toContain('Karibu');
  });

  it('answers 422 to a body that is not text', async () => {
    expect(errorsOf(await store(owner, { name: 'Odd', body: { text: 'x' } })).body).toBeDefined();
    expect(errorsOf(await preview(owner, { body: 42 })).body).toBeDefined();
    expect(errorsOf(await preview(owner, { body: 'x', contact_id: 'abc' })).contact_id).toBeDefined();
  });
});

describe('tenancy and permissions', () => {
  it('answers 404 for another company’s template, and leaves it as it was', async () => {
    expect((await owner.get(`/sms/templates/get-template/${theirTemplate}`, { json: true })).statusCode).toBe(404);
    expect((await owner.json('PUT', `/sms/templates/update/${theirTemplate}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await owner.json('DELETE', `/sms/templates/delete/${theirTemplate}`)).statusCode).toBe(404);
    const theirs = (await other.get(`/sms/templates/get-template/${theirTemplate}`, { json: true })).json().data;
    expect(theirs).toMatchObject({ name: 'Theirs', variables: ['custom.zone'] });
    expect(((await owner.get('/sms/templates/json?search=Theirs', { json: true })).json().data as unknown[]).length).toBe(0);
  });

  it('lets a viewer read and preview but not write', async () => {
    expect((await viewer.get('/sms/templates/json', { json: true })).statusCode).toBe(200);
    expect((await preview(viewer, { body: 'Hi {{ name }}' })).statusCode).toBe(200);
    expect((await store(viewer, { name: 'Nope', body: 'x' })).statusCode).toBe(403);
    const id = (await owner.get('/sms/templates/json', { json: true })).json().data[0].id;
    expect((await viewer.json('PUT', `/sms/templates/update/${id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.json('DELETE', `/sms/templates/delete/${id}`)).statusCode).toBe(403);
  });

  it('answers 403 to a member without any SMS permission', async () => {
    expect((await accountant.get('/sms/templates/json', { json: true })).statusCode).toBe(403);
    expect((await accountant.get('/sms/templates/get-template/1', { json: true })).statusCode).toBe(403);
    expect((await store(accountant, { name: 'Nope', body: 'x' })).statusCode).toBe(403);
    expect((await preview(accountant, { body: 'x' })).statusCode).toBe(403);
    expect((await accountant.get('/sms/templates', { inertia: true })).statusCode).toBe(403);
  });
});

describe('preview', () => {
  it('renders for a contact of the company, with how that text goes out', async () => {
    const res = await preview(owner, { body: 'Karibu {{ first_name }} ({{ custom.region }}), {{ custom.tier | default: "member" }}', contact_id: amina });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      rendered: 'Karibu Amina (Coast), member',
      encoding: 'GSM-7',
      parts: 1,
      length: 28,
      per_part: 160,
      remaining: 132,
      ucs2_characters: [],
      extension_characters: [],
      variables: ['first_name', 'custom.region', 'custom.tier'],
      personalised: true,
    } satisfies SmsTemplatePreview);
  });

  it('renders for a sample contact when none is chosen, its fields filled by type', async () => {
    const data = (await preview(owner, { body: '{{ name }} / {{ custom.region }} / {{ custom.tier }} €' })).json().data as SmsTemplatePreview;
    expect(data).toMatchObject({ rendered: 'Amina Otieno / Region / Gold €', extension_characters: ['€'], encoding: 'GSM-7' });
    expect(data.length).toBe(31);
  });

  it('counts the rendering, not the text as written: a name can make it UCS-2 or longer', async () => {
    const [{ id }] = await withTenant(t.database, tenantA, (tx) =>
      rows<{ id: number }>(tx, sql`insert into outreach_contacts (tenant_id, first_name, phone) values (${tenantA}, 'Zoë Ćwik', '+254712000003') returning id`),
    );
    const data = (await preview(owner, { body: 'Hi {{ first_name }}', contact_id: Number(id) })).json().data as SmsTemplatePreview;
    expect(data).toMatchObject({ rendered: 'Hi Zoë Ćwik', encoding: 'UCS-2', ucs2_characters: ['ë', 'Ć'], per_part: 70 });
  });

  it('answers a text without variables as it is, and an empty text as nothing to send', async () => {
    expect((await preview(owner, { body: 'Closed today 🎉' })).json().data).toMatchObject({ rendered: 'Closed today 🎉', personalised: false, variables: [], encoding: 'UCS-2', length: 15 });
    expect((await preview(owner, { body: '' })).json().data).toMatchObject({ rendered: '', parts: 0, remaining: 160 });
  });

  it('answers 404 for another company’s contact, 422 for a body that does not render', async () => {
    const res = await preview(owner, { body: 'Hi {{ name }}', contact_id: theirContact });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Contact not found.' });
    expect(errorsOf(await preview(owner, { body: 'Hi {{ nme }}' }))).toEqual({ body: ['The message uses {{ nme }}, which is not a contact field.'] });
    expect(errorsOf(await preview(owner, { body: 'x'.repeat(1601) })).body).toBeDefined();
  });

  it('renders a chosen contact only for someone who may see contacts', async () => {
    const role = (await owner.json('POST', '/roles/store', { name: 'Texters', permissions: ['sms.view', 'sms.create'] })).json().data;
    const member = await addMember(t.database, tenantA, role.id, 'texter@templates-a.test');
    const texter = new TestClient(t.app);
    await texter.login(member.email, member.password);
    expect((await preview(texter, { body: '{{ name }}' })).json().data.rendered).toBe('Amina Otieno');
    expect((await preview(texter, { body: '{{ name }}', contact_id: amina })).statusCode).toBe(403);
    expect((await preview(viewer, { body: '{{ name }}', contact_id: amina })).json().data.rendered).toBe('Amina Otieno');
  });
});

describe('the page', () => {
  it('renders Sms/Templates with the company’s own fields for the variable buttons', async () => {
    const page = await viewer.get('/sms/templates', { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      component: 'Sms/Templates',
      props: { contact_fields: [{ key: 'region', label: 'Region' }, { key: 'tier', label: 'Tier' }] },
    });
  });
});
