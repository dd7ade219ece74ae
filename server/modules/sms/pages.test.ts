import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { sends, type SendStatus } from '../delivery/schema.js';
import { roles } from '../tenancy/schema.js';
import { addMember } from '../users/test-helpers.js';

/** The SMS pages (PAGES.md Sms/*): who may open them, and the edit page only for a send still waiting for its time. */
let t: TestApp;
let owner: TestClient;
let reader: TestClient;
let tenantA: number;
const ids: Partial<Record<SendStatus | 'foreign' | 'airtime', number>> = {};

async function addSend(tenantId: number, status: SendStatus, channel: 'sms' | 'airtime' = 'sms') {
  const [row] = await withTenant(t.database, tenantId, (tx) =>
    tx
      .insert(sends)
      .values({ tenantId, channel, status, driver: 'log', body: `An SMS ${status}`, audience: { contact_ids: [], segment_ids: [], numbers: ['+254712345678'] }, recipients: 1 })
      .returning({ id: sends.id }),
  );
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Sms pages A');
  const b = await seedTenant(t.database, 'Sms pages B');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  for (const status of ['scheduled', 'sending', 'completed', 'cancelled'] as const) ids[status] = await addSend(tenantA, status);
  ids.airtime = await addSend(tenantA, 'scheduled', 'airtime');
  ids.foreign = await addSend(b.tenantId, 'scheduled');

  const [role] = await withTenant(t.database, tenantA, (tx) =>
    tx.insert(roles).values({ tenantId: tenantA, name: 'SMS reader', slug: 'sms-reader', permissions: ['sms.view'] }).returning({ id: roles.id }),
  );
  const m = await addMember(t.database, tenantA, role.id, 'reader@sms-pages-a.test');
  reader = new TestClient(t.app);
  await reader.login(m.email, m.password);
});
afterAll(async () => t?.close());

const page = async (c: TestClient, url: string) => {
  const res = await c.get(url, { inertia: true });
  return { status: res.statusCode, location: res.headers.location, component: res.statusCode === 200 ? (res.json().component as string) : null, props: res.statusCode === 200 ? res.json().props : null };
};

describe('the SMS pages', () => {
  it('renders Overview, Messages/Index, Messages/Create and Transactions', async () => {
    expect((await page(owner, '/sms')).component).toBe('Sms/Overview');
    expect((await page(owner, '/sms/messages')).component).toBe('Sms/Messages/Index');
    expect((await page(owner, '/sms/messages/create')).component).toBe('Sms/Messages/Create');
    expect((await page(owner, '/sms/transactions')).component).toBe('Sms/Transactions');
  });

  it('opens Edit for a scheduled SMS, with its id', async () => {
    const edit = await page(owner, `/sms/messages/${ids.scheduled}/edit`);
    expect(edit.component).toBe('Sms/Messages/Edit');
    expect(edit.props.id).toBe(ids.scheduled);
  });

  it('sends a started, completed or cancelled SMS back to the list, saying why', async () => {
    for (const status of ['sending', 'completed', 'cancelled'] as const) {
      const edit = await page(owner, `/sms/messages/${ids[status]}/edit`);
      expect(edit.status, status).toBe(303);
      expect(edit.location).toBe('/sms/messages');
      const list = await page(owner, '/sms/messages');
      expect(list.component).toBe('Sms/Messages/Index');
      expect(list.props.flash.error).toBe(`This SMS can no longer be edited: it is ${status}. Only a scheduled SMS can be changed.`);
    }
  });

  it("answers 404 for another company's SMS, an airtime send, an unknown id and a word", async () => {
    for (const id of [String(ids.foreign), String(ids.airtime), '999999', 'abc', '0']) {
      expect((await page(owner, `/sms/messages/${id}/edit`)).status, id).toBe(404);
    }
  });

  it('keeps the pages to sms.view and composing to sms.send', async () => {
    expect((await page(reader, '/sms')).component).toBe('Sms/Overview');
    expect((await page(reader, '/sms/messages')).component).toBe('Sms/Messages/Index');
    expect((await page(reader, '/sms/transactions')).component).toBe('Sms/Transactions');
    expect((await page(reader, '/sms/messages/create')).status).toBe(403);
    expect((await page(reader, `/sms/messages/${ids.scheduled}/edit`)).status).toBe(403);
    const outsider = new TestClient(t.app);
    expect((await page(outsider, '/sms')).status).not.toBe(200);
  });
});
