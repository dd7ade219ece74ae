import type { FastifyRequest } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import type { ContactRow } from '../../../common/answers/accounting.js';
import { contactSchema } from '../../../common/schemas/accounting.js';
import type { Permission } from '../../../common/permissions.js';
import { answerFields } from '../../http/answer-fields.js';
import { forbidden } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { contacts, currencies } from './schema.js';
import { defaultCurrency } from './currency.js';
import { isoTimestamp as ts, qualified as q } from '../../db/sql.js';

const area = { customer: 'customers', vendor: 'vendors' } as const;
type ContactType = keyof typeof area;
const can = (req: FastifyRequest, type: ContactType, action: string) =>
  req.permissions.has(`${area[type]}.${action}` as Permission);


/** Customers and vendors: one table, one set of endpoints, permissions by type. */
export const contactResource = defineResource({
  label: 'Contact',
  // SPEC §8 names records by their kind: "Customer created successfully."
  labelOf: (row) => (row.type === 'vendor' ? 'Vendor' : row.type === 'customer' ? 'Customer' : 'Contact'),
  // customers-2026-11-24.csv from the Customers page, vendors-… from Vendors
  export: { filename: (req) => ({ customer: 'customers', vendor: 'vendors' })[String((req.query as Record<string, unknown>).type)] ?? 'contacts' },
  singular: 'contact',
  base: '/accounting/contacts',
  table: contacts,
  fields: answerFields<ContactRow>()({
    id: contacts.id,
    type: contacts.type,
    name: contacts.name,
    email: contacts.email,
    phone: contacts.phone,
    tax_number: contacts.taxNumber,
    currency_code: contacts.currencyCode,
    website: contacts.website,
    address: contacts.address,
    city: contacts.city,
    country: contacts.country,
    reference: contacts.reference,
    enabled: contacts.enabled,
    // the open receivable (customer) or payable (vendor) in the default currency, as the contact's
    // page sums it (contact-summary.ts): one subquery per row of the page, on journal_lines' contact index
    balance: sql<string>`(select (coalesce(sum(l.base_amount), 0) * case when ${q(contacts.type)} = 'customer' then 1 else -1 end)::text
        from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
       where l.tenant_id = ${q(contacts.tenantId)} and l.contact_id = ${q(contacts.id)}
         and a.system_key = case when ${q(contacts.type)} = 'customer' then 'receivables' else 'payables' end)`,
    created_at: ts(contacts.createdAt),
    updated_at: ts(contacts.updatedAt),
  }),
  columns: { created_at: contacts.createdAt, updated_at: contacts.updatedAt },
  create: contactSchema,
  searchable: ['name', 'email', 'phone', 'tax_number', 'reference'],
  searchColumn: contacts.searchText,
  sortable: ['name', 'email', 'created_at', 'enabled'],
  defaultSort: ['name', 'asc'],
  filterable: ['type', 'enabled', 'currency_code'],
  access: {
    view: ['customers.view', 'vendors.view'],
    create: ['customers.create', 'vendors.create'],
    update: ['customers.update', 'vendors.update'],
    delete: ['customers.delete', 'vendors.delete'],
  },
  // a user who may see only customers never sees vendors, even unfiltered
  scope: (req) => {
    const visible = (Object.keys(area) as ContactType[]).filter((t) => can(req, t, 'view'));
    return visible.length === 2 ? undefined : inArray(contacts.type, visible);
  },
  authorize: (req, action, data) => {
    const type = data.type as ContactType | undefined;
    if (type && area[type] && !can(req, type, action)) throw forbidden();
  },
  references: { currency_code: { table: currencies, column: currencies.code } },
  beforeWrite: async (tx, req, input, current) => {
    if (!current && !input.currency_code) return { currency_code: (await defaultCurrency(tx, req.tenant!.id)).code };
  },
});
