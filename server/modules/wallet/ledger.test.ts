import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addCredits, balances, expireDue, InsufficientCredits, release, reserve, settle } from './index.js';

/**
 * The credit ledger's service (docs/decisions/0032-credit-wallet.md): lots spent granted first
 * then oldest first, reservations settled or released once, expiry, the append-only table, and
 * the balance exact under 1,000 concurrent reserves.
 */
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  // a send of another area as it would call the wallet: reserve in the request's transaction
  t = await createTestApp({}, (app) =>
    app.post('/test/wallet-send', { config: { access: 'authenticated' } }, async (req) => {
      const units = (req.body as { units: number }).units;
      return { data: await req.tenantTx((tx) => reserve(tx, { service: 'sms', units, userId: req.user!.id })) };
    }),
  );
});
afterAll(async () => t?.close());

const company = async () => (await seedTenant(t.database, `Wallet ${++seq}`)).tenantId;
const inTenant = <T>(tenantId: number, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database, tenantId, fn);

/** The ledger's sum, the cached balance, the lots' remainders and the lowest balance_after ever written. */
async function books(tenantId: number) {
  const [b] = await inTenant(tenantId, (tx) =>
    rows<{ ledger: string; cached: string; lots: string; lowest: string; lines: number }>(
      tx,
      sql`select coalesce((select sum(credits) from credit_movements where tenant_id = ${tenantId}), 0)::numeric(20,4)::text as ledger,
                 (select balance from wallets where tenant_id = ${tenantId})::text as cached,
                 coalesce((select sum(remaining) from credit_lots where tenant_id = ${tenantId}), 0)::numeric(20,4)::text as lots,
                 coalesce((select min(balance_after) from credit_movements where tenant_id = ${tenantId}), 0)::numeric(20,4)::text as lowest,
                 (select count(*)::int from credit_movements where tenant_id = ${tenantId}) as lines`,
    ),
  );
  return b;
}

describe('lots and reservations', () => {
  it('spends granted credits first, then the oldest paid lot, and returns what a send did not use to the last lots taken', async () => {
    const tenantId = await company();
    await inTenant(tenantId, async (tx) => {
      await addCredits(tx, { kind: 'paid', credits: '100', movement: 'purchase', description: 'Bought 100', reference: 'purchase:1' });
      await addCredits(tx, { kind: 'paid', credits: '50', movement: 'purchase', description: 'Bought 50', reference: 'purchase:2' });
      await addCredits(tx, { kind: 'granted', credits: '30', movement: 'grant', description: 'Welcome credits' });
    });
    const r = await inTenant(tenantId, (tx) => reserve(tx, { service: 'sms', units: 120, reference: 'sms_message:1' }));
    expect(r).toMatchObject({ status: 'open', credits: '120.0000', units: '120.0000' });
    expect(await inTenant(tenantId, (tx) => balances(tx, tenantId))).toEqual({ balance: '60.0000', paid: '60.0000', granted: '0.0000', reserved: '120.0000' });
    const lots = await inTenant(tenantId, (tx) => rows<{ remaining: string }>(tx, sql`select remaining::text as remaining from credit_lots order by id`));
    // the granted 30 went first, then 90 of the oldest paid lot (100), the newer 50 untouched
    expect(lots.map((l) => l.remaining)).toEqual(['10.0000', '50.0000', '0.0000']);

    // 100 parts were sent: 20 credits go back to the lot taken last (the paid one)
    const s = await inTenant(tenantId, (tx) => settle(tx, r.id, 100));
    expect(s).toMatchObject({ status: 'settled', settled_credits: '100.0000' });
    const after = await inTenant(tenantId, (tx) => rows<{ remaining: string }>(tx, sql`select remaining::text as remaining from credit_lots order by id`));
    expect(after.map((l) => l.remaining)).toEqual(['30.0000', '50.0000', '0.0000']);
    expect(await inTenant(tenantId, (tx) => balances(tx, tenantId))).toEqual({ balance: '80.0000', paid: '80.0000', granted: '0.0000', reserved: '0.0000' });

    const lines = await inTenant(tenantId, (tx) =>
      rows<{ movement: string; kind: string; credits: string; balance_after: string; service: string | null }>(
        tx,
        sql`select movement, kind, service, credits::text as credits, balance_after::text as balance_after from credit_movements order by id`,
      ),
    );
    expect(lines).toEqual([
      { movement: 'purchase', kind: 'paid', service: null, credits: '100.0000', balance_after: '100.0000' },
      { movement: 'purchase', kind: 'paid', service: null, credits: '50.0000', balance_after: '150.0000' },
      { movement: 'grant', kind: 'granted', service: null, credits: '30.0000', balance_after: '180.0000' },
      { movement: 'reserve', kind: 'granted', service: 'sms', credits: '-30.0000', balance_after: '150.0000' },
      { movement: 'reserve', kind: 'paid', service: 'sms', credits: '-90.0000', balance_after: '60.0000' },
      { movement: 'settle', kind: 'paid', service: 'sms', credits: '20.0000', balance_after: '80.0000' },
    ]);
    const b = await books(tenantId);
    expect(b.ledger).toBe(b.cached);
    expect(b.lots).toBe(b.cached);
  });

  it('settles and releases once: a second call, or the other one after it, changes nothing', async () => {
    const tenantId = await company();
    await inTenant(tenantId, (tx) => addCredits(tx, { kind: 'paid', credits: '10', movement: 'purchase', description: 'Bought 10' }));
    const a = await inTenant(tenantId, (tx) => reserve(tx, { service: 'email', units: 40 }));
    expect(a.credits).toBe('4.0000');
    const b = await inTenant(tenantId, (tx) => reserve(tx, { service: 'sms', units: 3 }));
    await inTenant(tenantId, (tx) => release(tx, a.id));
    const lines = (await books(tenantId)).lines;
    expect(await inTenant(tenantId, (tx) => release(tx, a.id))).toMatchObject({ status: 'released' });
    expect(await inTenant(tenantId, (tx) => settle(tx, a.id, 40))).toMatchObject({ status: 'released' });
    expect((await books(tenantId)).lines).toBe(lines);

    // more units than were held are charged at most what was held
    expect(await inTenant(tenantId, (tx) => settle(tx, b.id, 5))).toMatchObject({ status: 'settled', settled_credits: '3.0000' });
    expect(await inTenant(tenantId, (tx) => settle(tx, b.id, 1))).toMatchObject({ status: 'settled', settled_credits: '3.0000' });
    const end = await books(tenantId);
    expect(end).toMatchObject({ ledger: '7.0000', cached: '7.0000', lots: '7.0000' });
  });

  it('refuses a send the balance does not cover with a 402 sentence, writing nothing', async () => {
    const tenantId = await company();
    await inTenant(tenantId, (tx) => addCredits(tx, { kind: 'paid', credits: '80', movement: 'purchase', description: 'Bought 80' }));
    const before = await books(tenantId);
    const err = await inTenant(tenantId, (tx) => reserve(tx, { service: 'sms', units: 120 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientCredits);
    expect((err as InsufficientCredits).statusCode).toBe(402);
    expect((err as Error).message).toBe('Not enough credits: this send needs 120, the wallet has 80.');
    expect(await books(tenantId)).toEqual(before);
  });

  it('answers a short balance over HTTP as a 402 with the sentence, writing nothing', async () => {
    const owner = await seedTenant(t.database, `Wallet ${++seq}`);
    await inTenant(owner.tenantId, (tx) => addCredits(tx, { kind: 'paid', credits: '80', movement: 'purchase', description: 'Bought 80' }));
    const client = new TestClient(t.app);
    await client.login(owner.email, owner.password);
    const before = await books(owner.tenantId);
    const res = await client.json('POST', '/test/wallet-send', { units: 120 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Not enough credits: this send needs 120, the wallet has 80.');
    expect(await books(owner.tenantId)).toEqual(before);
    const ok = await client.json('POST', '/test/wallet-send', { units: 80 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'open', credits: '80.0000' });
  });

  it('refuses bad amounts and another company’s reservation', async () => {
    const tenantId = await company();
    const other = await company();
    await inTenant(tenantId, (tx) => addCredits(tx, { kind: 'paid', credits: '10', movement: 'purchase', description: 'Bought 10' }));
    const r = await inTenant(tenantId, (tx) => reserve(tx, { service: 'sms', units: 1 }));
    for (const bad of ['0', '-5', '1.23456', 'ten']) {
      await expect(inTenant(tenantId, (tx) => reserve(tx, { service: 'sms', units: bad }))).rejects.toMatchObject({ statusCode: 422 });
      await expect(inTenant(tenantId, (tx) => addCredits(tx, { kind: 'paid', credits: bad, movement: 'purchase', description: 'x' }))).rejects.toMatchObject({ statusCode: 422 });
    }
    await expect(inTenant(other, (tx) => settle(tx, r.id, 1))).rejects.toMatchObject({ statusCode: 404 });
    expect(await inTenant(tenantId, (tx) => balances(tx, tenantId))).toMatchObject({ balance: '9.0000', reserved: '1.0000' });
  });
});

describe('expiry', () => {
  it('expires what is left of a lot past its expiry, and a spend never takes expired credits', async () => {
    const tenantId = await company();
    await inTenant(tenantId, async (tx) => {
      await addCredits(tx, { kind: 'granted', credits: '25', movement: 'grant', description: 'Monthly credits', expiresAt: new Date(Date.now() + 86_400_000) });
      await addCredits(tx, { kind: 'paid', credits: '10', movement: 'purchase', description: 'Bought 10' });
      // a lot that expired yesterday (written as the operator would have, a day ago)
      await addCredits(tx, { kind: 'granted', credits: '5', movement: 'grant', description: 'Old grant', expiresAt: '2020-01-01T00:00:00Z' });
    });
    // the lot was already expired when it was added: its own addCredits call expires it on the next movement
    const r = await inTenant(tenantId, (tx) => reserve(tx, { service: 'sms', units: 30 }));
    expect(r.credits).toBe('30.0000');
    const expiry = await inTenant(tenantId, (tx) =>
      rows<{ credits: string; kind: string }>(tx, sql`select credits::text as credits, kind from credit_movements where movement = 'expiry'`),
    );
    expect(expiry).toEqual([{ credits: '-5.0000', kind: 'granted' }]);
    expect(await inTenant(tenantId, (tx) => expireDue(tx, tenantId))).toBe(0);
    const b = await books(tenantId);
    expect(b).toMatchObject({ ledger: '5.0000', cached: '5.0000', lots: '5.0000' });
  });
});

describe('the ledger is append-only', () => {
  it('refuses UPDATE and DELETE on credit_movements to the app role', async () => {
    const tenantId = await company();
    await inTenant(tenantId, (tx) => addCredits(tx, { kind: 'paid', credits: '10', movement: 'purchase', description: 'Bought 10' }));
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (e: { message?: string; cause?: { message?: string } }) => `${e.cause?.message ?? ''} ${e.message ?? ''}`,
      );
    expect(await failure(inTenant(tenantId, (tx) => tx.execute(sql`update credit_movements set credits = 1000000`)))).toMatch(/permission denied/);
    expect(await failure(inTenant(tenantId, (tx) => tx.execute(sql`delete from credit_movements`)))).toMatch(/permission denied/);
    expect((await books(tenantId)).ledger).toBe('10.0000');
  });
});

describe('exact under concurrency', () => {
  it('accepts exactly 600 of 1,000 concurrent reserves against a balance of 600, never going negative', async () => {
    const tenantId = await company();
    await inTenant(tenantId, async (tx) => {
      await addCredits(tx, { kind: 'granted', credits: '100', movement: 'grant', description: 'Grant' });
      await addCredits(tx, { kind: 'paid', credits: '500', movement: 'purchase', description: 'Bought 500' });
    });
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) => inTenant(tenantId, (tx) => reserve(tx, { service: 'sms', units: 1, reference: `sms_message:${i}` }))),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(accepted).toBe(600);
    expect(refused).toHaveLength(400);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCredits);
    const b = await books(tenantId);
    expect(b).toMatchObject({ ledger: '0.0000', cached: '0.0000', lots: '0.0000', lowest: '0.0000' });
    expect(await inTenant(tenantId, (tx) => balances(tx, tenantId))).toMatchObject({ balance: '0.0000', reserved: '600.0000' });
  }, 120_000);
});
