import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { ImportContext } from '../../../http/import-export.js';
import { categories, contacts, paymentMethods } from '../../accounting/schema.js';
import { bankAccounts } from '../schema.js';

// Lookups by name for imports: each answers, for ALL the names of a file in one query,
// lower-cased name → what the row stores. When two records share a name the oldest wins.

const lowered = (names: string[]) => names.map((n) => n.toLowerCase());

function firstWins<T>(pairs: [string | null, T][]): Map<string, T> {
  const map = new Map<string, T>();
  for (const [key, value] of pairs) if (key && !map.has(key.toLowerCase())) map.set(key.toLowerCase(), value);
  return map;
}

export interface AccountHit {
  id: number;
  currencyCode: string;
}

/** Bank accounts by name or by number. */
export async function accountsByName(tx: Tx, ctx: ImportContext, names: string[]): Promise<Map<string, AccountHit>> {
  const found = await tx
    .select({ id: bankAccounts.id, name: bankAccounts.name, number: bankAccounts.number, currencyCode: bankAccounts.currencyCode })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.tenantId, ctx.tenantId),
        or(inArray(sql`lower(${bankAccounts.name})`, lowered(names)), inArray(sql`lower(${bankAccounts.number})`, lowered(names))),
      ),
    )
    .orderBy(asc(bankAccounts.id));
  // a name beats a number that happens to read the same
  const byName = firstWins(found.map((a) => [a.name, { id: a.id, currencyCode: a.currencyCode }]));
  for (const [k, v] of firstWins(found.map((a) => [a.number, { id: a.id, currencyCode: a.currencyCode }]))) if (!byName.has(k)) byName.set(k, v);
  return byName;
}

/** Income and expense categories by name: the id of each type that has the name. */
export async function incomeExpenseCategories(tx: Tx, ctx: ImportContext, names: string[]) {
  const found = await tx
    .select({ id: categories.id, name: categories.name, type: categories.type })
    .from(categories)
    .where(and(eq(categories.tenantId, ctx.tenantId), inArray(categories.type, ['income', 'expense']), inArray(sql`lower(${categories.name})`, lowered(names))))
    .orderBy(asc(categories.id));
  const map = new Map<string, { income?: number; expense?: number }>();
  for (const c of found) {
    const entry = map.get(c.name.toLowerCase()) ?? {};
    entry[c.type as 'income' | 'expense'] ??= c.id;
    map.set(c.name.toLowerCase(), entry);
  }
  return map;
}

/** Customers and vendors by name or email. */
export async function contactsByNameOrEmail(tx: Tx, ctx: ImportContext, names: string[]): Promise<Map<string, number>> {
  const found = await tx
    .select({ id: contacts.id, name: contacts.name, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.tenantId, ctx.tenantId), or(inArray(sql`lower(${contacts.name})`, lowered(names)), inArray(sql`lower(${contacts.email})`, lowered(names)))))
    .orderBy(asc(contacts.id));
  const map = firstWins<number>(found.map((c) => [c.name, c.id]));
  for (const [k, v] of firstWins<number>(found.map((c) => [c.email, c.id]))) if (!map.has(k)) map.set(k, v);
  return map;
}

/** Payment methods by code or name → their code (what transactions store). */
export async function paymentMethodCodes(tx: Tx, ctx: ImportContext, names: string[]): Promise<Map<string, string>> {
  const found = await tx
    .select({ code: paymentMethods.code, name: paymentMethods.name })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.tenantId, ctx.tenantId),
        or(inArray(sql`lower(${paymentMethods.code})`, lowered(names)), inArray(sql`lower(${paymentMethods.name})`, lowered(names))),
      ),
    );
  const map = firstWins<string>(found.map((p) => [p.code, p.code]));
  for (const [k, v] of firstWins<string>(found.map((p) => [p.name, p.code]))) if (!map.has(k)) map.set(k, v);
  return map;
}
