import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { notifications } from '../notifications/schema.js';
import { roles } from '../tenancy/schema.js';
import { addMember } from '../users/test-helpers.js';
import { seedContact, seedDocument } from './page-fixtures.js';
import { estimateToken } from './public.js';
import { documentHistories, documents } from './schema.js';

let t: TestApp;
let alpha: { tenantId: number; userId: number; email: string; password: string };
let beta: { tenantId: number };
let customer: number;
let viewerId: number;
let outsiderId: number;

const key = () => t.config.appKey;
const url = (tenantId: number, id: number) => `/estimates/view/${estimateToken(key(), tenantId, id)}`;

async function estimate(status: string, number: string) {
  return seedDocument(t.database, alpha.tenantId, { type: 'estimate', contactId: customer, contactName: 'Acme Ltd', number, status, total: '250' });
}
const statusOf = async (id: number) =>
  (await withTenant(t.database, alpha.tenantId, (tx) => tx.select({ s: documents.status }).from(documents).where(and(eq(documents.tenantId, alpha.tenantId), eq(documents.id, id)))))[0].s;
const historyOf = (id: number) =>
  withTenant(t.database, alpha.tenantId, (tx) =>
    tx.select({ type: documentHistories.type, status: documentHistories.status, description: documentHistories.description }).from(documentHistories).where(eq(documentHistories.documentId, id)),
  );
const notificationsOf = (userId: number) =>
  withTenant(t.database, alpha.tenantId, (tx) => tx.select({ type: notifications.type, title: notifications.title, url: notifications.url }).from(notifications).where(eq(notifications.userId, userId)));

/** A customer's browser: no account, the page first (it gives the XSRF cookie), then the button. */
async function customerOpens(path: string) {
  const c = new TestClient(t.app);
  const page = await c.get(path, { inertia: true });
  return { c, page };
}

beforeAll(async () => {
  t = await createTestApp();
  alpha = await seedTenant(t.database, 'Alpha');
  beta = await seedTenant(t.database, 'Beta');
  customer = await seedContact(t.database, alpha.tenantId, 'customer', 'Acme');
  const [viewerRole, outsiderRole] = await withTenant(t.database, alpha.tenantId, (tx) =>
    tx
      .insert(roles)
      .values([
        { tenantId: alpha.tenantId, name: 'Estimates viewer', slug: 'estimates-viewer', permissions: ['estimates.view'] },
        { tenantId: alpha.tenantId, name: 'Banking only', slug: 'banking-only', permissions: ['transactions.view'] },
      ])
      .returning({ id: roles.id }),
  );
  viewerId = (await addMember(t.database, alpha.tenantId, viewerRole.id, 'viewer@alpha.test')).userId;
  outsiderId = (await addMember(t.database, alpha.tenantId, outsiderRole.id, 'bank@alpha.test')).userId;
});
afterAll(() => t.close());

describe('public estimate page', () => {
  it('shows the company, the estimate, its lines and totals to anyone with the link, and marks a sent estimate viewed once', async () => {
    const id = await estimate('sent', 'EST-100');
    const { page } = await customerOpens(url(alpha.tenantId, id));
    expect(page.statusCode).toBe(200);
    const { component, props } = page.json();
    expect(component).toBe('Estimates/Public');
    expect(props.company.name).toBe('Alpha');
    expect(props.estimate).toMatchObject({ document_number: 'EST-100', contact_name: 'Acme Ltd', total: '250.0000', status: 'viewed' });
    expect(props.lines).toEqual([expect.objectContaining({ name: 'Consulting', quantity: '1', total: '250.0000' })]);
    expect(props.currency).toMatchObject({ code: 'USD', precision: 2 });
    expect(props.canDecide).toBe(true);
    expect(await statusOf(id)).toBe('viewed');
    // a second visit changes nothing
    await customerOpens(url(alpha.tenantId, id));
    expect((await historyOf(id)).filter((h) => h.type === 'viewed')).toHaveLength(1);
  });

  it("does not count the company's own staff opening the link as the customer's view", async () => {
    const id = await estimate('sent', 'EST-101');
    const staff = new TestClient(t.app);
    await staff.login(alpha.email, alpha.password);
    const res = await staff.get(url(alpha.tenantId, id), { inertia: true });
    expect(res.json().props.estimate.status).toBe('sent');
    expect(await statusOf(id)).toBe('sent');
    expect(await historyOf(id)).toEqual([]);
  });

  it('answers 404 to a tampered, malformed, unknown or other-tenant token, and to an invoice id', async () => {
    const id = await estimate('sent', 'EST-102');
    const good = estimateToken(key(), alpha.tenantId, id);
    const [tenant, doc, sig] = good.split('-', 2).concat(good.slice(good.indexOf('-', good.indexOf('-') + 1) + 1));
    const flipped = sig[0] === 'A' ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    const invoice = await seedDocument(t.database, alpha.tenantId, { type: 'invoice', contactId: customer, number: 'INV-9', status: 'sent', total: '5' });
    const bad = [
      `${tenant}-${doc}-${flipped}`, // signature altered
      `${tenant}-${Number(doc) + 1}-${sig}`, // another estimate with this signature
      `${beta.tenantId}-${doc}-${sig}`, // another company with this signature
      estimateToken('another-key-0123456789-0123456789', alpha.tenantId, id), // signed with another key
      estimateToken(key(), beta.tenantId, id), // a valid signature, but no such estimate in Beta
      estimateToken(key(), alpha.tenantId, invoice), // a valid signature over an invoice
      `${tenant}-${doc}`,
      'nonsense',
    ];
    for (const token of bad) {
      const c = new TestClient(t.app);
      expect((await c.get(`/estimates/view/${token}`, { inertia: true })).statusCode, token).toBe(404);
      await c.get(url(alpha.tenantId, id)); // an XSRF cookie, so only the token is wrong
      expect((await c.json('POST', `/estimates/view/${token}/approve`)).statusCode, token).toBe(404);
    }
    // viewed through the good link, never approved through a bad one
    expect(await statusOf(id)).toBe('viewed');
  });

  it('lets the customer approve: the status, a history row and a notification to each member who sees estimates', async () => {
    const id = await estimate('sent', 'EST-103');
    const { c } = await customerOpens(url(alpha.tenantId, id));
    const res = await c.json('POST', `${url(alpha.tenantId, id)}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you: the estimate is approved.', data: { status: 'approved' } });
    expect(await statusOf(id)).toBe('approved');
    expect(await historyOf(id)).toEqual([
      { type: 'viewed', status: 'viewed', description: 'The customer viewed the estimate.' },
      { type: 'status', status: 'approved', description: 'The customer approved the estimate.' },
    ]);
    for (const userId of [alpha.userId, viewerId]) {
      expect(await notificationsOf(userId)).toContainEqual({ type: 'estimate.approved', title: 'Estimate EST-103 accepted', url: `/sales/estimates/${id}` });
    }
    expect(await notificationsOf(outsiderId)).toEqual([]);
    // decided: the buttons are gone and a second answer is refused
    expect((await c.get(url(alpha.tenantId, id), { inertia: true })).json().props.canDecide).toBe(false);
    const again = await c.json('POST', `${url(alpha.tenantId, id)}/refuse`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This estimate has already been approved.');
    expect(await statusOf(id)).toBe('approved');
  });

  it('lets the customer refuse through the page (a 303 back to it with the message flashed)', async () => {
    const id = await estimate('sent', 'EST-104');
    const { c } = await customerOpens(url(alpha.tenantId, id));
    const res = await c.post(`${url(alpha.tenantId, id)}/refuse`, {}, { inertia: true });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(url(alpha.tenantId, id));
    const back = (await c.get(url(alpha.tenantId, id), { inertia: true })).json().props;
    expect(back.flash.success).toBe('The estimate is refused. Thank you for letting us know.');
    expect(back.estimate.status).toBe('refused');
    expect(await notificationsOf(alpha.userId)).toContainEqual({ type: 'estimate.refused', title: 'Estimate EST-104 declined', url: `/sales/estimates/${id}` });
  });

  it('keeps drafts and converted estimates closed to answers, and needs the XSRF token', async () => {
    const draft = await estimate('draft', 'EST-105');
    const { c, page } = await customerOpens(url(alpha.tenantId, draft));
    expect(page.json().props).toMatchObject({ canDecide: false, estimate: { status: 'draft' } });
    const res = await c.json('POST', `${url(alpha.tenantId, draft)}/approve`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This estimate cannot be answered yet.');
    expect(await statusOf(draft)).toBe('draft');

    const converted = await estimate('converted', 'EST-107');
    const late = await customerOpens(url(alpha.tenantId, converted));
    const refused = await late.c.json('POST', `${url(alpha.tenantId, converted)}/refuse`);
    expect(refused.json()).toEqual({ message: 'This estimate has already been converted.' });
    expect(await statusOf(converted)).toBe('converted');

    const sent = await estimate('sent', 'EST-106');
    const noToken = await c.post(`${url(alpha.tenantId, sent)}/approve`, {}, { json: true, xsrf: false });
    expect(noToken.statusCode).toBe(419);
    expect(await statusOf(sent)).toBe('sent');
  });
});
