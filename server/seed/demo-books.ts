import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { categories, contacts, currencies, items, itemTaxes, taxes } from '../modules/accounting/schema.js';
import { bankAccounts, transactions, transfers } from '../modules/banking/schema.js';
import { postOpeningBalance, postTransaction, postTransfer } from '../modules/banking/service.js';
import { createStandardReports } from '../modules/reports/resource.js';

/**
 * A year of the demo company's books: items, four accounts in two currencies, a steady
 * rhythm of sales, rent, salaries and bills, and the transfers between the accounts —
 * every movement posted to the ledger through the same functions the app uses.
 * Deterministic (a fixed pseudo-random sequence), so a fresh demo always looks the same.
 */
export async function seedDemoBooks(tx: Tx, tenantId: number, today = new Date()) {
  let seed = 4242;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const day = (daysAgo: number) => new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  await tx.insert(currencies).values([
    { tenantId, code: 'USD', name: 'US Dollar', symbol: '$', rate: '0.00775', precision: 2 },
    { tenantId, code: 'EUR', name: 'Euro', symbol: '€', rate: '0.00712', precision: 2, symbolFirst: false, decimalMark: ',', thousandsSeparator: '.' },
  ]);

  const cats = async (rows: { name: string; type: 'income' | 'expense' | 'item'; color: string }[]) =>
    tx
      .insert(categories)
      .values(rows.map((r) => ({ tenantId, ...r })))
      .returning({ id: categories.id, name: categories.name });
  const existing = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.tenantId, tenantId));
  const made = await cats([
    { name: 'Consulting', type: 'income', color: '#4669FA' },
    { name: 'Event tickets', type: 'income', color: '#FA916B' },
    { name: 'Rent', type: 'expense', color: '#F1595C' },
    { name: 'Salaries', type: 'expense', color: '#1E293B' },
    { name: 'Internet', type: 'expense', color: '#0CE7FA' },
    { name: 'Transport', type: 'expense', color: '#A0AEC0' },
    { name: 'Office supplies', type: 'expense', color: '#50C793' },
    { name: 'Services', type: 'item', color: '#4669FA' },
    { name: 'Products', type: 'item', color: '#50C793' },
  ]);
  const cat = Object.fromEntries([...existing, ...made].map((c) => [c.name, c.id]));

  const [vat] = await tx.select({ id: taxes.id }).from(taxes).where(and(eq(taxes.tenantId, tenantId), eq(taxes.name, 'VAT')));
  const itemRows = await tx
    .insert(items)
    .values(
      (
        [
          ['Website design', 'Design and build of a small business site', '85000', null, 'Services'],
          ['Monthly bookkeeping', 'Books kept and reconciled each month', '25000', null, 'Services'],
          ['Event management', 'Planning and running an event, per day', '60000', '35000', 'Services'],
          ['SMS bundle (10,000)', 'Bulk SMS credits', '8000', '5500', 'Products'],
          ['Branded T-shirt', 'Cotton, printed both sides', '1200', '650', 'Products'],
          ['Conference badge', 'Printed lanyard and badge', '350', '120', 'Products'],
          ['Consulting hour', 'Senior consultant, per hour', '7500', null, 'Services'],
          ['Projector hire', 'Per day, with screen', '4500', '2000', 'Products'],
          ['Training workshop', 'Half-day workshop for up to 20 people', '45000', null, 'Services'],
          ['Printer paper (ream)', 'A4, 80 gsm', null, '550', 'Products'],
        ] as const
      ).map(([name, description, sale, purchase, category]) => ({
        tenantId,
        name,
        description,
        salePrice: sale,
        purchasePrice: purchase,
        categoryId: cat[category],
      })),
    )
    .returning({ id: items.id, sale: items.salePrice });
  if (vat) {
    await tx.insert(itemTaxes).values(itemRows.filter((i) => i.sale !== null).map((i) => ({ tenantId, itemId: i.id, taxId: vat.id })));
  }

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
        method: viaMpesa ? 'offline_payments.cash.1' : undefined,
        reference: `RCPT-${1000 + n}`,
        description: `Payment from ${c.name}`,
      });
    }
    if (month % 3 === 1) {
      await add({ type: 'income', account: usd, daysAgo: base + 10, amount: String(1500 + rnd(10) * 250), category: 'Consulting', contact: customers[rnd(customers.length)].id, description: 'Regional advisory retainer' });
    }
    if (month % 4 === 0) {
      await add({ type: 'income', account: mpesa, daysAgo: base + 20, amount: String(30000 + rnd(20) * 1500), category: 'Event tickets', description: 'Ticket sales, community event' });
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
  // the standard report definitions, one per type
  await createStandardReports(tx, tenantId);
}
