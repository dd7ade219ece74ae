import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { NewCompany } from '../kazi-module.js';

/** Every company starts with an empty wallet row: the lock its movements take (ledger.ts). */
export async function setUpWallet(tx: Tx, { tenantId }: NewCompany) {
  await tx.execute(sql`insert into wallets (tenant_id) values (${tenantId}) on conflict (tenant_id) do nothing`);
}
