import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletDistribution, WalletMetrics, WalletTransactionRow } from '../../../common/answers/wallet.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { grantOperator } from '../platform/index.js';
import { addMember } from '../users/test-helpers.js';
import { mailLowBalanceAlerts } from './alerts.js';
import { expireAllDue } from './jobs.js';
import { addCredits, release, reserve, settle } from './index.js';

/**
 * The wallet's endpoints (SPEC §7 Wallet): metrics, the ledger's lines (paged, filtered,
 * exported), the recent lines, the distribution, the settings and the low-balance alert, the
 * pages, and the operator's rates — each with another company's ids, a viewer's writes and
 * bad input.
 */
let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let other: TestClient;
let tenantA: number;
let tenantB: number;
let ownerId: number;
let lineB: number;

const inA = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantA, fn);
const walletRow = async (tenantId = tenantA) =>
  (
    await withTenant(t.database, tenantId, (tx) =>
      rows<{ balance: string; threshold: string | null; alerted: boolean; mail_due: boolean; auto: unknown; override: unknown; lines: number }>(
        tx,
        sql`select balance::text as balance, low_balance_threshold::text as threshold, low_balance_alerted as alerted, low_balance_mail_due as mail_due,
                   auto_top_up as auto, rates_override as override, (select count(*)::int from credit_movements) as lines
              from wallets where tenant_id = ${tenantId}`,
      ),
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Wallet A');
  const b = await seedTenant(t.database, 'Wallet B');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  ownerId = a.userId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const v = await addMember(t.database, a.tenantId, 'viewer', 'viewer@wallet-a.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);

  // company A: 1,000 bought (KES 1,000), 200 granted, and a few sends
  await inA(async (tx) => {
    await addCredits(tx, { kind: 'paid', credits: '1000', movement: 'purchase', description: 'Bought 1,000 credits', reference: 'purchase:1', userId: ownerId, amount: '1000', currency: 'KES' });
    await addCredits(tx, { kind: 'granted', credits: '200', movement: 'grant', description: 'Welcome credits' });
  });
  const sms = await inA((tx) => reserve(tx, { service: 'sms', units: 150, reference: 'sms_message:1', userId: ownerId }));
  await inA((tx) => settle(tx, sms.id, 120));
  const email = await inA((tx) => reserve(tx, { service: 'email', units: 500, reference: 'email_message:1' }));
  await inA((tx) => settle(tx, email.id, 500));
  const airtime = await inA((tx) => reserve(tx, { service: 'airtime', units: 100, reference: 'airtime:1' }));
  await inA((tx) => release(tx, airtime.id));
  await inA((tx) => reserve(tx, { service: 'sms', units: 10, reference: 'sms_message:2' }));

  await withTenant(t.database, tenantB, (tx) => addCredits(tx, { kind: 'paid', credits: '5', movement: 'purchase', description: 'Theirs', reference: 'purchase:9' }));
  [{ id: lineB }] = await withTenant(t.database, tenantB, (tx) => rows<{ id: number }>(tx, sql`select id from credit_movements limit 1`));
});
afterAll(async () => t?.close());

describe('GET /wallet/metrics', () => {
  it('answers the balances, credit used, amount spent, lines and rates of the company only', async () => {
    const res = await owner.json('GET', '/wallet/metrics');
    expect(res.statusCode).toBe(200);
    const m = res.json().data as WalletMetrics;
    // 1,200 in; 120 (SMS) + 50 (email) charged; 10 held by the open SMS send
    expect(m).toMatchObject({
      balance: '1020.0000',
      reserved: '10.0000',
      // granted credits went first: 20 of the 200 are left, the paid 1,000 untouched
      paid_balance: '1000.0000',
      granted_balance: '20.0000',
      credit_used: '170.0000',
      low_balance_threshold: null,
    });
    expect(m.total_transactions).toBe((await walletRow()).lines);
    // a new company's books are in USD: its purchases in KES are not its currency's money
    expect(m.currency).toBe('USD');
    expect(m.rates).toMatchObject({ currency: 'USD', credit_price: '0.0100', service: { sms: '1.0000', email: '0.1000', airtime: '1.0000' } });
    const theirs = (await other.json('GET', '/wallet/metrics')).json().data as WalletMetrics;
    expect(theirs).toMatchObject({ balance: '5.0000', credit_used: '0.0000' });
    expect((await viewer.json('GET', '/wallet/metrics')).statusCode).toBe(200);
  });
});

describe('GET /wallet/get-transactions', () => {
  it('pages the lines newest first with who caused them, and filters by type, service, user and dates', async () => {
    const res = await owner.json('GET', '/wallet/get-transactions?per_page=5');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe((await walletRow()).lines);
    expect(page.data).toHaveLength(5);
    const first = page.data[0] as WalletTransactionRow;
    expect(first).toMatchObject({ type: 'reserve', service: 'sms', credits: '-10.0000', reference: 'sms_message:2' });

    const settles = (await owner.json('GET', '/wallet/get-transactions?type=settle')).json().data as WalletTransactionRow[];
    expect(settles.map((r) => r.service).sort()).toEqual(['email', 'sms']);
    const sms = (await owner.json('GET', '/wallet/get-transactions?service=sms')).json().data as WalletTransactionRow[];
    expect(sms.every((r) => r.service === 'sms')).toBe(true);
    const mine = (await owner.json('GET', `/wallet/get-transactions?user_id=${ownerId}`)).json().data as WalletTransactionRow[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.user_id === ownerId && r.user_name === 'Wallet A Owner')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = (await owner.json('GET', `/wallet/get-transactions?date_from=${today}&date_to=${today}`)).json();
    expect(dated.total).toBe((await walletRow()).lines);
    const old = (await owner.json('GET', '/wallet/get-transactions?date_to=2020-01-01')).json();
    expect(old.total).toBe(0);
    // search by description or reference
    const found = (await owner.json('GET', '/wallet/get-transactions?search=email_message')).json().data as WalletTransactionRow[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.reference === 'email_message:1')).toBe(true);
  });

  it('answers 422 on bad filters and dates', async () => {
    for (const q of ['type=spend', 'service=fax', 'user_id=abc', 'date_from=2024-13-40', 'date_from=2024-05-02&date_to=2024-05-01', 'sort_by=credits']) {
      const res = await owner.json('GET', `/wallet/get-transactions?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('never shows another company’s lines: a list of its own, a 404 for their id', async () => {
    const mine = (await owner.json('GET', '/wallet/get-transactions?per_page=100')).json().data as WalletTransactionRow[];
    expect(mine.some((r) => r.reference === 'purchase:9')).toBe(false);
    expect((await owner.json('GET', `/wallet/transactions/get-transaction/${lineB}`)).statusCode).toBe(404);
    expect((await other.json('GET', `/wallet/transactions/get-transaction/${lineB}`)).statusCode).toBe(200);
  });

  it('offers no way to write a line over HTTP', async () => {
    expect((await owner.json('POST', '/wallet/transactions/store', { credits: '100' })).statusCode).toBe(404);
    expect((await owner.json('DELETE', `/wallet/transactions/delete/${lineB}`)).statusCode).toBe(404);
  });

  it('exports the filtered lines as CSV and XLSX', async () => {
    const csv = await owner.get('/wallet/transactions/export?format=csv&type=settle');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Balance after');
    expect(lines).toHaveLength(3);
    const xlsx = await owner.get('/wallet/transactions/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await owner.get('/wallet/transactions/export?format=pdf')).statusCode).toBe(422);
  });
});

describe('GET /wallet/get-recent-transactions', () => {
  it('answers the latest lines, of one type when asked', async () => {
    const all = (await owner.json('GET', '/wallet/get-recent-transactions')).json().data as WalletTransactionRow[];
    expect(all.length).toBe(10);
    const grants = (await owner.json('GET', '/wallet/get-recent-transactions?type=grant')).json().data as WalletTransactionRow[];
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ type: 'grant', kind: 'granted', credits: '200.0000' });
    expect((await other.json('GET', '/wallet/get-recent-transactions')).json().data).toHaveLength(1);
    expect((await owner.json('GET', '/wallet/get-recent-transactions?type=spend')).statusCode).toBe(422);
    expect((await owner.json('GET', '/wallet/get-recent-transactions?limit=500')).statusCode).toBe(422);
  });
});

describe('GET /wallet/get-transactions-distribution', () => {
  it('answers spending by service and a point per day (or month) of the period', async () => {
    const res = await owner.json('GET', '/wallet/get-transactions-distribution?type=7d');
    expect(res.statusCode).toBe(200);
    const d = res.json().data as WalletDistribution;
    expect(d.by_service).toEqual([
      { service: 'email', credits: '50.0000', count: 1 },
      { service: 'sms', credits: '120.0000', count: 1 },
    ]);
    expect(d.series).toHaveLength(7);
    expect(d.series[6]).toMatchObject({ period: new Date().toISOString().slice(0, 10), sms: '120.0000', email: '50.0000', airtime: '0.0000' });
    const year = (await owner.json('GET', '/wallet/get-transactions-distribution?type=365d')).json().data as WalletDistribution;
    expect(year.series.length).toBeGreaterThanOrEqual(12);
    expect(year.series.at(-1)!.period).toMatch(/^\d{4}-\d{2}$/);
    expect(((await other.json('GET', '/wallet/get-transactions-distribution')).json().data as WalletDistribution).by_service).toEqual([]);
    expect((await owner.json('GET', '/wallet/get-transactions-distribution?type=2d')).statusCode).toBe(422);
  });
});

describe('wallet settings and the low-balance alert', () => {
  it('refuses a viewer and bad input, changing nothing', async () => {
    const before = await walletRow();
    expect((await viewer.json('POST', '/wallet/settings', { low_balance_threshold: '100' })).statusCode).toBe(403);
    for (const body of [
      { low_balance_threshold: '-5' },
      { low_balance_threshold: 'lots' },
      { low_balance_threshold: '1.123456' },
      { low_balance_threshold: '100', extra: 1 },
      { low_balance_threshold: '100', auto_top_up: { enabled: true, target_balance: '50', method: { driver: 'mpesa', phone: '0712345678' } } },
      { low_balance_threshold: '100', auto_top_up: { enabled: true, target_balance: '500', method: null } },
      { low_balance_threshold: null, auto_top_up: { enabled: true, target_balance: '500', method: { driver: 'mpesa', phone: '0712345678' } } },
      { low_balance_threshold: '100', auto_top_up: { enabled: false, target_balance: '500', method: 'pm_1' } },
    ]) {
      const res = await owner.json('POST', '/wallet/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await walletRow()).toEqual(before);
  });

  it('alerts once per crossing: a notification and one mail, again only after the balance rose above and fell again', async () => {
    const notes = async () =>
      Number(
        (await inA((tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from notifications where type = 'wallet.low_balance'`)))[0].n,
      );
    const mails: OutgoingMail[] = [];
    const mailer = {
      send: async (m: OutgoingMail) => {
        mails.push(m);
        return null;
      },
    };
    const deps = { database: t.database, mailer, config: t.config };

    // a saved M-Pesa number, the automatic top-up off (on, it is top-up.test.ts's)
    const res = await owner.json('POST', '/wallet/settings', { low_balance_threshold: '1000', auto_top_up: { enabled: false, target_balance: '5000', method: { driver: 'mpesa', phone: '+254 712 345 678' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      low_balance_threshold: '1000.0000',
      auto_top_up: { enabled: false, target_balance: '5000.0000', method: { driver: 'mpesa', phone: '+254712345678' } },
    });
    expect((await owner.json('GET', '/wallet/settings')).json().data.low_balance_threshold).toBe('1000.0000');
    expect(await notes()).toBe(0);

    // 1020 → 970: below 1,000
    await inA((tx) => reserve(tx, { service: 'sms', units: 50 }));
    expect(await notes()).toBe(1);
    await inA((tx) => reserve(tx, { service: 'sms', units: 20 }));
    expect(await notes()).toBe(1);
    expect(await mailLowBalanceAlerts(deps)).toBe(1);
    expect(await mailLowBalanceAlerts(deps)).toBe(0);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'wallet-a@example.test', subject: 'Wallet A: your credit balance is low' });

    // back above, then below again: a second alert
    await inA((tx) => addCredits(tx, { kind: 'paid', credits: '500', movement: 'purchase', description: 'Top-up' }));
    expect((await walletRow()).alerted).toBe(false);
    await inA((tx) => reserve(tx, { service: 'sms', units: 500 }));
    expect(await notes()).toBe(2);
    expect(await mailLowBalanceAlerts(deps)).toBe(1);
    expect(mails).toHaveLength(2);

    // off: no alert state is kept
    expect((await owner.json('POST', '/wallet/settings', { low_balance_threshold: null })).statusCode).toBe(200);
    expect(await walletRow()).toMatchObject({ threshold: null, alerted: false, mail_due: false });
  });
});

describe('expiry job', () => {
  it('expires the due lots of every company', async () => {
    await withTenant(t.database, tenantB, (tx) =>
      addCredits(tx, { kind: 'granted', credits: '7', movement: 'grant', description: 'Expired grant', expiresAt: '2021-01-01T00:00:00Z' }),
    );
    expect(await expireAllDue(t.database)).toBe(1);
    expect(await expireAllDue(t.database)).toBe(0);
    expect((await walletRow(tenantB)).balance).toBe('5.0000');
  });
});

describe('pages', () => {
  it('renders Wallet/Index and Wallet/Transactions for those who may view the wallet', async () => {
    const index = await viewer.get('/wallet', { inertia: true });
    expect(index.statusCode).toBe(200);
    expect(index.json().component).toBe('Wallet/Index');
    const list = await owner.get('/wallet/transactions', { inertia: true });
    expect(list.json().component).toBe('Wallet/Transactions');
    expect(list.json().props.users.map((u: { name: string }) => u.name).sort()).toEqual(['Wallet A Owner', 'viewer']);
  });

  it('answers 404 for a purchase that is not the company’s, and 403 to a viewer', async () => {
    expect((await owner.get('/wallet/checkout/999999', { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/wallet/checkout/abc', { inertia: true })).statusCode).toBe(404);
    expect((await viewer.get('/wallet/checkout/1', { inertia: true })).statusCode).toBe(403);
  });
});

describe('operator rates', () => {
  it('refuses anyone who is not a platform operator, a company owner included, and changes nothing', async () => {
    expect((await owner.json('GET', '/operator/rates/json')).statusCode).toBe(403);
    expect((await owner.json('PUT', '/operator/rates', { service: { sms: '2' } })).statusCode).toBe(403);
    expect((await owner.json('PUT', `/operator/rates/companies/${tenantA}`, { service: { sms: '2' } })).statusCode).toBe(403);
    expect((await owner.json('DELETE', `/operator/rates/companies/${tenantA}`)).statusCode).toBe(403);
    expect((await owner.get('/operator/rates', { inertia: true })).statusCode).toBe(403);
    expect((await owner.json('GET', '/operator/companies/json')).statusCode).toBe(403);
    expect((await new TestClient(t.app).json('GET', '/operator/companies/json')).statusCode).toBe(401);
    expect((await walletRow()).override).toBeNull();
    const m = (await owner.json('GET', '/wallet/metrics')).json().data as WalletMetrics;
    expect(m.rates.service.sms).toBe('1.0000');
  });

  it('lets an operator set the global rates and one company’s override, which reserve and the pages then use', async () => {
    const op = await addMember(t.database, tenantB, 'viewer', 'operator@platform.test');
    await grantOperator(t.database, op.email);
    const operator = new TestClient(t.app);
    await operator.login(op.email, op.password);

    const global = await operator.json('GET', '/operator/rates/json');
    expect(global.statusCode).toBe(200);
    expect(global.json().data.credit_price.KES).toBe('1.0000');

    for (const body of [{ service: { sms: '-1' } }, { service: { fax: '1' } }, { credit_price: { kes: '1' } }, { min_credits: '500', max_credits: '10' }, { packages: [{ credits: '0', label: 'Nothing' }] }]) {
      expect((await operator.json('PUT', '/operator/rates', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await operator.json('GET', '/operator/rates/json')).json().data).toEqual(global.json().data);

    const put = await operator.json('PUT', '/operator/rates', { service: { email: '0.2' }, credit_price: { USD: '0.012' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.service).toEqual({ sms: '1.0000', email: '0.2000', airtime: '1.0000' });
    expect(((await other.json('GET', '/wallet/metrics')).json().data as WalletMetrics).rates).toMatchObject({ credit_price: '0.0120', service: { email: '0.2000' } });

    // company A pays 2 credits per SMS part; B keeps the platform's
    expect((await operator.json('PUT', `/operator/rates/companies/${tenantA}`, { service: { sms: '2' } })).statusCode).toBe(200);
    const a = await operator.json('GET', `/operator/rates/companies/${tenantA}`);
    expect(a.json().data).toMatchObject({ override: { service: { sms: '2.0000' } }, effective: { service: { sms: '2.0000', email: '0.2000' } } });
    expect(((await owner.json('GET', '/wallet/metrics')).json().data as WalletMetrics).rates.service.sms).toBe('2.0000');
    expect(((await other.json('GET', '/wallet/metrics')).json().data as WalletMetrics).rates.service.sms).toBe('1.0000');
    const r = await inA((tx) => reserve(tx, { service: 'sms', units: 3 }));
    expect(r.credits).toBe('6.0000');
    await inA((tx) => release(tx, r.id));

    expect((await operator.json('PUT', `/operator/rates/companies/999999`, { service: { sms: '2' } })).statusCode).toBe(404);
    expect((await operator.json('GET', `/operator/rates/companies/abc`)).statusCode).toBe(404);
    expect((await operator.json('PUT', `/operator/rates/companies/${tenantA}`, { min_credits: '2000000' })).statusCode).toBe(422);

    // null clears one part of the override: that part is the platform's again, the rest stays
    expect((await operator.json('PUT', `/operator/rates/companies/${tenantA}`, { service: { email: '0.5' }, max_credits: '5000' })).statusCode).toBe(200);
    for (const body of [{ service: { fax: null } }, { credit_price: { kes: null } }, { service: { sms: null }, min_credits: '-1' }]) {
      expect((await operator.json('PUT', `/operator/rates/companies/${tenantA}`, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await walletRow()).override).toEqual({ service: { sms: '2.0000', email: '0.5000' }, max_credits: '5000.0000' });
    const cleared = await operator.json('PUT', `/operator/rates/companies/${tenantA}`, { service: { sms: null }, max_credits: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ override: { service: { email: '0.5000' } }, effective: { service: { sms: '1.0000', email: '0.5000' }, max_credits: '1000000.0000' } });
    expect((await walletRow()).override).toEqual({ service: { email: '0.5000' } });
    expect((await operator.json('DELETE', `/operator/rates/companies/${tenantA}`)).statusCode).toBe(200);
    expect((await walletRow()).override).toBeNull();
    await operator.json('PUT', '/operator/rates', { service: { email: '0.1' }, credit_price: { USD: '0.01' } });
  });

  it('serves the operator the Rates page and a paged, searchable list of every company to pick from', async () => {
    const op = await addMember(t.database, tenantB, 'viewer', 'picker@platform.test');
    await grantOperator(t.database, op.email);
    const operator = new TestClient(t.app);
    await operator.login(op.email, op.password);

    const page = await operator.get('/operator/rates', { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json().component).toBe('Operator/Rates');

    const all = await operator.json('GET', '/operator/companies/json?per_page=1');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ per_page: 1, current_page: 1, path: '/operator/companies/json' });
    expect(all.json().total).toBeGreaterThanOrEqual(2);
    expect(all.json().data).toHaveLength(1);

    const found = await operator.json('GET', '/operator/companies/json?search=wallet%20a');
    expect(found.json().data).toEqual([expect.objectContaining({ id: tenantA, name: 'Wallet A' })]);
    // LIKE wildcards are searched for, not obeyed
    expect((await operator.json('GET', '/operator/companies/json?search=%25')).json().data).toEqual([]);
    expect((await operator.json('GET', '/operator/companies/json?per_page=1000')).statusCode).toBe(422);
    expect((await operator.json('GET', '/operator/companies/json?page=0')).statusCode).toBe(422);
  });
});
