import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { accountingSettings, categories, contacts } from '../accounting/schema.js';
import { bankAccounts, transactions, transfers } from './schema.js';
import { postOpeningBalance, postTransaction, postTransfer } from './service.js';

/**
 * A year of the demo company's banking (banking's demo step, module.ts): four accounts in two
 * currencies, a steady rhythm of sales, rent, salaries and bills, and the transfers between
 * the accounts — every movement posted to the ledger through the same functions the app uses.
 * Deterministic (a fixed pseudo-random sequence), so a fresh demo always looks the same.
 */
export async function seedDemoBanking(tx: Tx, { tenantId, today }: DemoCompany) {
  let seed = 4242;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const day = (daysAgo: number) => new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  // accounting's demo step made these categories; the same name → id map as before the split
  const named = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.tenantId, tenantId)).orderBy(asc(categories.id));
  const cat = Object.fromEntries(named.map((c) => [c.name, c.id]));

  const accountRows = await tx
    .insert(bankAccounts)
    .values([
      { tenantId, name: 'Equity Bank Current', number: '0170291834455', currencyCode: 'KES', openingBalance: '850000', openingDate: day(365), bankName: 'Equity Bank', bankPhone: '+254 763 000 000', bankAddress: 'Upper Hill, Nairobi' },
      { tenantId, name: 'M-Pesa Till', number: '5123890', currencyCode: 'KES', openingBalance: '45000', openingDate: day(365), bankName: 'Safaricom M-Pesa' },
      { tenantId, name: 'USD Account', number: '0170291834999', currencyCode: 'USD', openingBalance: '12000', openingDate: day(365), bankName: 'Equity Bank' },
      { tenantId, name: 'Petty cash', number: 'CASH-1', currencyCode: 'KES', openingBalance: '10000', openingDate: day(365) },
    ])
    .returning();
  const [bank, mpesa, usd, cash] = accountRows;
  // documents are paid into the Equity account by default, and their PDFs print it
  await tx
    .update(accountingSettings)
    .set({ value: sql`${accountingSettings.value} || ${JSON.stringify({ account_id: bank.id, payment_method: 'offline_payments.bank_transfer.2', income_category_id: cat['Sales'] ?? null, expense_category_id: cat['General expenses'] ?? null })}::jsonb` })
    .where(and(eq(accountingSettings.tenantId, tenantId), eq(accountingSettings.key, 'defaults')));
  for (const a of accountRows) {
    await postOpeningBalance(tx, tenantId, { id: a.id, name: a.name, currency_code: a.currencyCode, opening_balance: a.openingBalance, opening_date: a.openingDate });
  }

  const people = await tx.select({ id: contacts.id, type: contacts.type, name: contacts.name }).from(contacts).where(eq(contacts.tenantId, tenantId));
  const customers = people.filter((p) => p.type === 'customer');
  const vendor = (name: string) => people.find((p) => p.name === name)?.id ?? null;
  const rates: Record<string, string> = { KES: '1', USD: '0.00775' };

  let n = 0;
  const add = async (t: { type: 'income' | 'expense'; account: typeof bank; daysAgo: number; amount: string; category: string; contact?: number | null; method?: string; reference?: string; description: string }) => {
    n += 1;
    const [row] = await tx
      .insert(transactions)
      .values({
        tenantId,
        type: t.type,
        number: `TRA-${String(n).padStart(5, '0')}`,
        bankAccountId: t.account.id,
        paidAt: day(t.daysAgo),
        amount: t.amount,
        currencyCode: t.account.currencyCode,
        currencyRate: rates[t.account.currencyCode],
        contactId: t.contact ?? null,
        categoryId: cat[t.category],
        paymentMethod: t.method ?? 'offline_payments.bank_transfer.2',
        reference: t.reference ?? null,
        description: t.description,
      })
      .returning();
    await postTransaction(tx, tenantId, {
      id: row.id,
      number: row.number,
      type: row.type,
      bank_account_id: row.bankAccountId,
      paid_at: row.paidAt,
      amount: row.amount,
      currency_code: row.currencyCode,
      currency_rate: row.currencyRate,
      contact_id: row.contactId,
      category_id: row.categoryId,
    });
  };

  for (let month = 11; month >= 0; month--) {
    const base = month * 30 + 2;
    // sales: a handful a month, growing through the year
    const sales = 4 + rnd(4) + Math.floor((11 - month) / 3);
    for (let i = 0; i < sales; i++) {
      const c = customers[rnd(customers.length)];
      const viaMpesa = rnd(3) === 0;
      await add({
        type: 'income',
        account: viaMpesa ? mpesa : bank,
        daysAgo: base + rnd(27),
        amount: String((20 + rnd(110)) * 1000 + rnd(20) * 50),
        category: rnd(4) === 0 ? 'Consulting' : 'Sales',
        contact: c.id,
        method: viaMpesa ? 'offline_payments.mobile_money.3' : undefined,
        reference: `RCPT-${1000 + n}`,
        description: `Payment from ${c.name}`,
      });
    }
    if (month % 3 === 1) {
      await add({ type: 'income', account: usd, daysAgo: base + 10, amount: String(1500 + rnd(10) * 250), category: 'Consulting', contact: customers[rnd(customers.length)].id, description: 'Regional advisory retainer' });
    }
    if (month % 4 === 0) {
      await add({ type: 'income', account: mpesa, daysAgo: base + 20, amount: String(30000 + rnd(20) * 1500), category: 'Event tickets', method: 'offline_payments.mobile_money.3', description: 'Ticket sales, community event' });
    }
    await add({ type: 'expense', account: bank, daysAgo: base + 27, amount: '95000', category: 'Rent', reference: 'Lease 2B', description: 'Office rent' });
    await add({ type: 'expense', account: bank, daysAgo: base + 25, amount: String(310000 + (11 - month) * 5000), category: 'Salaries', description: 'Staff salaries' });
    await add({ type: 'expense', account: bank, daysAgo: base + 5, amount: '8500', category: 'Internet', contact: vendor('Mawingu Internet'), description: 'Fibre 100 Mbps' });
    await add({ type: 'expense', account: cash, daysAgo: base + rnd(25), amount: String(1500 + rnd(30) * 100), category: 'Transport', contact: vendor('Tembo Couriers'), description: 'Deliveries' });
    if (rnd(2) === 0) {
      await add({ type: 'expense', account: cash, daysAgo: base + rnd(25), amount: String(2000 + rnd(40) * 100), category: 'Office supplies', contact: vendor('Safari Office Supplies'), description: 'Stationery' });
    }

    // month end: sweep M-Pesa into the bank; top up petty cash; now and then convert dollars
    const moves: { from: typeof bank; to: typeof bank; amount: string; daysAgo: number; description: string }[] = [
      { from: mpesa, to: bank, amount: String(120000 + rnd(30) * 1000), daysAgo: base, description: 'M-Pesa sweep' },
      { from: bank, to: cash, amount: '7000', daysAgo: base + 1, description: 'Petty cash top-up' },
    ];
    if (month % 4 === 2) moves.push({ from: usd, to: bank, amount: '2500', daysAgo: base + 3, description: 'USD to KES conversion' });
    for (const m of moves) {
      const fromRate = rates[m.from.currencyCode];
      const toRate = rates[m.to.currencyCode];
      const toAmount = m.from.currencyCode === m.to.currencyCode ? m.amount : sql`round(${m.amount}::numeric / ${fromRate}::numeric * ${toRate}::numeric, 2)`;
      const [row] = await tx
        .insert(transfers)
        .values({ tenantId, fromAccountId: m.from.id, toAccountId: m.to.id, transferredAt: day(m.daysAgo), amount: m.amount, fromRate, toAmount: toAmount as string, toRate, paymentMethod: 'offline_payments.bank_transfer.2', description: m.description })
        .returning();
      await postTransfer(tx, tenantId, {
        id: row.id,
        from_account_id: row.fromAccountId,
        to_account_id: row.toAccountId,
        transferred_at: row.transferredAt,
        amount: row.amount,
        from_rate: row.fromRate,
        to_amount: row.toAmount,
        to_rate: row.toRate,
      });
    }
  }
}
