import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_DATE_FORMAT } from '../../../common/format.js';
import type { Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { accountingSettings, categories, contacts, currencies, items, itemTaxes, paymentMethods, taxes } from './schema.js';

const CUSTOMERS = [
  ['Baobab Traders', 'orders@baobab.example', 'Nairobi', 'Kenya'],
  ['Kilima Coffee Co.', 'hello@kilima.example', 'Moshi', 'Tanzania'],
  ['Lakeside Clinics', 'accounts@lakeside.example', 'Kisumu', 'Kenya'],
  ['Savanna Logistics', 'billing@savanna.example', 'Arusha', 'Tanzania'],
  ['Nile Print House', 'print@nileprint.example', 'Kampala', 'Uganda'],
  ['Jua Solar Ltd', 'finance@juasolar.example', 'Mombasa', 'Kenya'],
  ['Umoja Schools', 'bursar@umoja.example', 'Nakuru', 'Kenya'],
  ['Pwani Fisheries', 'sales@pwani.example', 'Malindi', 'Kenya'],
  ['Rift Valley Dairy', 'ap@riftdairy.example', 'Eldoret', 'Kenya'],
  ['Zanzibar Spice Exports', 'trade@zspice.example', 'Stone Town', 'Tanzania'],
  ['Kivu Hardware', 'store@kivu.example', 'Goma', 'DR Congo'],
  ['Amani Events', 'events@amani.example', 'Kigali', 'Rwanda'],
] as const;
const VENDORS = [
  ['Safari Office Supplies', 'sales@safarioffice.example'],
  ['Mawingu Internet', 'billing@mawingu.example'],
  ['Tembo Couriers', 'accounts@tembo.example'],
] as const;

// customers arrive unevenly over five months, so the dashboard chart has something to compare
const AGES_IN_DAYS = [0, 2, 6, 9, 15, 24, 38, 47, 66, 95, 101, 140];

/**
 * The demo company's customers, vendors, taxes, two more currencies, categories and items
 * (accounting's demo step, module.ts). Customers arrive over the last months so the
 * dashboard's chart has something to compare.
 */
export async function seedDemoAccounting(tx: Tx, { tenantId }: DemoCompany) {
  // the company as its documents print it: address, tax number, how to pay
  await tx.insert(accountingSettings).values({
    tenantId,
    key: 'general',
    value: {
      email: 'accounts@acme.example',
      phone: '+254 20 765 4321',
      financial_year_start: '01-01',
      date_format: DEFAULT_DATE_FORMAT,
      tax_number: 'P051234567X',
      street: 'Kenyatta Avenue 12, 4th floor',
      city: 'Nairobi',
      province: null,
      country: 'Kenya',
      postal_code: '00100',
    },
  });
  await tx
    .update(paymentMethods)
    .set({ instructions: 'To Acme Ltd, Equity Bank, Upper Hill branch; the invoice number as the reference.' })
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.code, 'offline_payments.bank_transfer.2')));
  await tx
    .update(paymentMethods)
    .set({ name: 'M-Pesa', instructions: 'Lipa na M-Pesa, Buy Goods: till number 5123890 (Acme).' })
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.code, 'offline_payments.mobile_money.3')));
  await tx.insert(contacts).values(
    CUSTOMERS.map(([name, email, city, country], i) => ({
      tenantId,
      type: 'customer' as const,
      name,
      email,
      city,
      country,
      currencyCode: 'KES',
      createdAt: sql`now() - ${`${AGES_IN_DAYS[i]} days`}::interval`,
    })),
  );
  await tx.insert(contacts).values(
    VENDORS.map(([name, email]) => ({ tenantId, type: 'vendor' as const, name, email, currencyCode: 'KES' })),
  );
  await tx.insert(taxes).values([
    { tenantId, name: 'VAT', rate: '16', type: 'normal' as const },
    { tenantId, name: 'Withholding VAT', rate: '2', type: 'withholding' as const },
    { tenantId, name: 'Excise duty', rate: '15', type: 'compound' as const },
  ]);
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
}
