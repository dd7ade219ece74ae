import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { defaultCurrency, toCurrencyFormat } from './currency.js';
import { itemResource } from './items.js';
import { contactResource } from './resources.js';
import { categories, currencies, taxes } from './schema.js';

/**
 * The Inertia pages of customers, vendors and items (PAGES.md). Lists and writes go through
 * the JSON endpoints; these answer the record being shown or edited and the option lists its
 * form needs, loaded here so that the page needs no currencies.view, categories.view or
 * taxes.view of its own.
 */

/** The company's currencies for the contact form's select, the default first. */
const currencyOptions = (tx: Tx, tenantId: number) =>
  tx
    .select({ code: currencies.code, name: currencies.name, is_default: currencies.isDefault })
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.enabled, true)))
    .orderBy(desc(currencies.isDefault), asc(currencies.code));

/** What formatMoney (common/format.ts) needs to show the default currency. */
async function currencyFormat(tx: Tx, tenantId: number) {
  return toCurrencyFormat(await defaultCurrency(tx, tenantId));
}

const itemCategories = (tx: Tx, tenantId: number) =>
  tx
    .select({ id: categories.id, name: categories.name, enabled: categories.enabled })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.type, 'item')))
    .orderBy(asc(categories.name));

const taxOptions = (tx: Tx, tenantId: number) =>
  tx
    .select({ id: taxes.id, name: taxes.name, rate: sql<string>`trim_scale(${taxes.rate})::text`, enabled: taxes.enabled })
    .from(taxes)
    .where(eq(taxes.tenantId, tenantId))
    .orderBy(asc(taxes.name), asc(taxes.id));

const CONTACT_PAGES = [
  { type: 'customer', group: 'Customers', base: '/sales/customers', area: 'customers', label: 'Customer' },
  { type: 'vendor', group: 'Vendors', base: '/purchases/vendors', area: 'vendors', label: 'Vendor' },
] as const;

export async function accountingPages(app: FastifyInstance) {
  for (const page of CONTACT_PAGES) {
    /** The contact of the URL: another tenant's, or a vendor under /sales/customers, is a 404. */
    const contactOf = async (req: FastifyRequest) => {
      const { data } = await contactResource.get(req).catch((err: { statusCode?: number }) => {
        throw err.statusCode === 404 ? notFound(page.label) : err;
      });
      if (data.type !== page.type) throw notFound(page.label);
      return data;
    };
    const withCurrencies = async (req: FastifyRequest, reply: FastifyReply, component: string, props: Record<string, unknown> = {}) => {
      const list = await req.tenantTx((tx) => currencyOptions(tx, req.tenant!.id));
      return reply.inertia(component, { ...props, currencies: list });
    };

    // the default currency's format: the balance column is in it
    app.get(page.base, { config: { access: `${page.area}.view` } }, async (req, reply) =>
      reply.inertia(`${page.group}/Index`, { currency: await req.tenantTx((tx) => currencyFormat(tx, req.tenant!.id)) }),
    );
    app.get(`${page.base}/create`, { config: { access: `${page.area}.create` } }, (req, reply) => withCurrencies(req, reply, `${page.group}/Create`));
    app.get(`${page.base}/:id`, { config: { access: `${page.area}.view` } }, async (req, reply) =>
      reply.inertia(`${page.group}/Show`, { contact: await contactOf(req) }),
    );
    app.get(`${page.base}/:id/edit`, { config: { access: `${page.area}.update` } }, async (req, reply) =>
      withCurrencies(req, reply, `${page.group}/Edit`, { contact: await contactOf(req) }),
    );
  }

  app.get('/sales/items', { config: { access: 'items.view' } }, async (req, reply) => {
    const props = await req.tenantTx(async (tx) => ({
      currency: await currencyFormat(tx, req.tenant!.id),
      categories: (await itemCategories(tx, req.tenant!.id)).map(({ id, name }) => ({ id, name })),
    }));
    return reply.inertia('Items/Index', props);
  });

  const itemForm = (req: FastifyRequest) =>
    req.tenantTx(async (tx) => ({
      currency: await currencyFormat(tx, req.tenant!.id),
      categories: await itemCategories(tx, req.tenant!.id),
      taxes: await taxOptions(tx, req.tenant!.id),
    }));

  app.get('/sales/items/create', { config: { access: 'items.create' } }, async (req, reply) => reply.inertia('Items/Create', await itemForm(req)));
  app.get('/sales/items/:id/edit', { config: { access: 'items.update' } }, async (req, reply) => {
    const { data: item } = await itemResource.get(req);
    return reply.inertia('Items/Edit', { item, ...(await itemForm(req)) });
  });
}
