import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Permission } from '../../../common/permissions.js';
import { bankAccounts } from '../banking/schema.js';
import { categories, currencies, paymentMethods, taxes } from '../accounting/schema.js';

/** Settings/Accounting/* pages (PAGES.md). Their data comes from the JSON endpoints beside them. */
const PAGES: { url: string; component: string; access: Permission }[] = [
  { url: '/settings/accounting', component: 'Settings/Accounting/Index', access: 'accounting_settings.view' },
  { url: '/settings/accounting/categories', component: 'Settings/Accounting/Categories', access: 'categories.view' },
  { url: '/settings/accounting/currencies', component: 'Settings/Accounting/Currencies', access: 'currencies.view' },
  { url: '/settings/accounting/taxes', component: 'Settings/Accounting/Taxes', access: 'taxes.view' },
  { url: '/settings/accounting/invoices', component: 'Settings/Accounting/Invoices', access: 'accounting_settings.view' },
  { url: '/settings/accounting/email-templates', component: 'Settings/Accounting/EmailTemplates', access: 'accounting_settings.view' },
  { url: '/settings/accounting/mailbox', component: 'Settings/Accounting/Mailbox', access: 'accounting_settings.view' },
  { url: '/settings/accounting/offline-payments', component: 'Settings/Accounting/OfflinePayments', access: 'accounting_settings.view' },
  { url: '/settings/accounting/scheduling', component: 'Settings/Accounting/Scheduling', access: 'accounting_settings.view' },
];

export async function accountingSettingsPages(app: FastifyInstance) {
  for (const page of PAGES) {
    app.get(page.url, { config: { access: page.access } }, (_req, reply) => reply.inertia(page.component, {}));
  }

  // the choices of every default (disabled ones too, marked, so a current default always shows), loaded here so the page needs no banking, tax or category permission
  app.get('/settings/accounting/defaults', { config: { access: 'accounting_settings.view' } }, async (req, reply) => {
    const tenantId = req.tenant!.id;
    const options = await req.tenantTx(async (tx) => {
      const accounts = await tx
        .select({ id: bankAccounts.id, name: bankAccounts.name, currency_code: bankAccounts.currencyCode, enabled: bankAccounts.enabled })
        .from(bankAccounts)
        .where(eq(bankAccounts.tenantId, tenantId))
        .orderBy(asc(bankAccounts.name));
      const currencyList = await tx
        .select({ code: currencies.code, name: currencies.name, enabled: currencies.enabled })
        .from(currencies)
        .where(eq(currencies.tenantId, tenantId))
        .orderBy(asc(currencies.code));
      const methods = await tx
        .select({ code: paymentMethods.code, name: paymentMethods.name, enabled: paymentMethods.enabled })
        .from(paymentMethods)
        .where(eq(paymentMethods.tenantId, tenantId))
        .orderBy(asc(paymentMethods.position), asc(paymentMethods.name));
      const taxList = await tx
        .select({ id: taxes.id, name: taxes.name, rate: sql<string>`trim_scale(${taxes.rate})::text`, enabled: taxes.enabled })
        .from(taxes)
        .where(eq(taxes.tenantId, tenantId))
        .orderBy(asc(taxes.name));
      const categoryList = await tx
        .select({ id: categories.id, name: categories.name, type: categories.type, enabled: categories.enabled })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), sql`${categories.type} in ('income', 'expense')`))
        .orderBy(asc(categories.name));
      return {
        accounts,
        currencies: currencyList,
        payment_methods: methods,
        taxes: taxList,
        income_categories: categoryList.filter((c) => c.type === 'income').map(({ id, name, enabled }) => ({ id, name, enabled })),
        expense_categories: categoryList.filter((c) => c.type === 'expense').map(({ id, name, enabled }) => ({ id, name, enabled })),
      };
    });
    return reply.inertia('Settings/Accounting/Defaults', { options });
  });
}
