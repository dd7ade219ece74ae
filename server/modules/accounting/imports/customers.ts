import { and, eq, inArray, sql } from 'drizzle-orm';
import { contactSchema } from '../../../../common/schemas/accounting.js';
import { bulkInsert, importable } from '../../../http/import-export.js';
import { defaultCurrency } from '../currency.js';
import { contacts, currencies } from '../schema.js';
import { insertInChunks } from './chunks.js';

/** Customers (contacts of type customer) from a CSV or XLSX file. */
export const customerImport = importable({
  key: 'customers',
  label: 'customers',
  base: '/sales/customers',
  permission: 'customers.import',
  columns: [
    { field: 'name', label: 'Name', required: true, aliases: ['customer', 'customer name', 'company', 'company name', 'full name', 'contact name'], example: 'Kito Bakery' },
    { field: 'email', label: 'Email', aliases: ['e-mail', 'email address', 'mail'], example: 'orders@kito.example' },
    { field: 'phone', label: 'Phone', aliases: ['telephone', 'tel', 'mobile', 'phone number', 'cell'], example: '+254700000001' },
    { field: 'tax_number', label: 'Tax number', aliases: ['tax id', 'vat', 'vat number', 'pin', 'tin'], example: 'P051234567X' },
    { field: 'currency_code', label: 'Currency code', aliases: ['currency'], example: 'USD' },
    { field: 'website', label: 'Website', aliases: ['web', 'url', 'site'], example: 'https://kito.example' },
    { field: 'address', label: 'Address', aliases: ['street', 'address line 1', 'street address'], example: '12 Moi Avenue' },
    { field: 'city', label: 'City', aliases: ['town'], example: 'Nairobi' },
    { field: 'country', label: 'Country', example: 'Kenya' },
    { field: 'reference', label: 'Reference', aliases: ['ref', 'customer reference', 'code', 'customer code'], example: 'C-001' },
    { field: 'enabled', label: 'Enabled', kind: 'boolean', aliases: ['active', 'status'], example: 'Yes' },
  ],
  rowSchema: contactSchema.omit({ type: true }),
  references: {
    currency_code: {
      find: async (tx, ctx, codes) => {
        const found = await tx
          .select({ code: currencies.code })
          .from(currencies)
          .where(and(eq(currencies.tenantId, ctx.tenantId), inArray(sql`upper(${currencies.code})`, codes.map((c) => c.toUpperCase()))));
        return new Map(found.map((c) => [c.code.toLowerCase(), c.code]));
      },
      message: (code) => `The currency ${code} is not one of the company's currencies.`,
    },
  },
  commit: async (tx, ctx, rows, progress) => {
    const fallback = (await defaultCurrency(tx, ctx.tenantId)).code;
    await insertInChunks(
      rows.map((r) => ({
        tenantId: ctx.tenantId,
        type: 'customer' as const,
        name: r.name,
        email: r.email,
        phone: r.phone,
        taxNumber: r.tax_number,
        currencyCode: r.currency_code ?? fallback,
        website: r.website,
        address: r.address,
        city: r.city,
        country: r.country,
        reference: r.reference,
        enabled: r.enabled,
      })),
      (chunk) => bulkInsert(tx, contacts, chunk),
      progress,
    );
  },
});
