import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletDistribution, WalletMetrics } from '../../../common/answers/wallet.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { reserve } from './index.js';

/** The demo company's wallet: funded, months of history, and books that agree as if the service had written them. */
let t: TestApp;
let tenantId: number;
let demo: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await seedDemo(t.database));
  demo = new TestClient(t.app);
  await demo.login(DEMO_EMAIL, DEMO_PASSWORD);
}, 120_000);
afterAll(() => t?.close());

describe('demo wallet', () => {
  it('is funded, with six months of purchases, a grant and settled sends, and its balance is the ledger’s sum and the lots’', async () => {
    const [b] = await withTenant(t.database, tenantId, (tx) =>
      rows<{ ledger: string; cached: string; lots: string; lowest: string; purchases: number; grants: number; months: number; running_ok: boolean }>(
        tx,
        sql`select (select sum(credits) from credit_movements)::numeric(20,4)::text as ledger,
                   (select balance from wallets)::text as cached,
                   (select sum(remaining) from credit_lots)::numeric(20,4)::text as lots,
                   (select min(balance_after) from credit_movements)::text as lowest,
                   (select count(*)::int from credit_movements where movement = 'purchase') as purchases,
                   (select count(*)::int from credit_movements where movement = 'grant') as grants,
                   (select count(distinct date_trunc('month', created_at))::int from credit_movements) as months,
                   -- each line's balance_after is the sum of the lines up to it, in id order
                   (select bool_and(balance_after = running) from (select balance_after, sum(credits) over (order by id) as running from credit_movements) x) as running_ok`,
      ),
    );
    expect(b.ledger).toBe(b.cached);
    expect(b.lots).toBe(b.cached);
    expect(Number(b.cached)).toBeGreaterThan(5000);
    expect(Number(b.lowest)).toBeGreaterThanOrEqual(0);
    expect(b).toMatchObject({ purchases: 6, grants: 1, running_ok: true });
    expect(b.months).toBeGreaterThanOrEqual(6);

    const m = (await demo.json('GET', '/wallet/metrics')).json().data as WalletMetrics;
    expect(m).toMatchObject({ balance: b.cached, currency: 'KES', amount_spent: '60000.0000', granted_balance: '0.0000' });
    const d = (await demo.json('GET', '/wallet/get-transactions-distribution?type=90d')).json().data as WalletDistribution;
    expect(d.by_service.map((s) => s.service)).toEqual(['airtime', 'email', 'sms']);

    // the automatic top-up is off, with the owner's M-Pesa number saved
    expect((await demo.json('GET', '/wallet/settings')).json().data).toEqual({
      low_balance_threshold: '2000.0000',
      auto_top_up: { enabled: false, target_balance: '10000.0000', method: { driver: 'mpesa', phone: '+254712345678' } },
    });

    // and the service carries on from it
    const r = await withTenant(t.database, tenantId, (tx) => reserve(tx, { service: 'sms', units: 10 }));
    expect(r.credits).toBe('10.0000');
  });
});
