import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { categories } from '../accounting/schema.js';
import { accountOptions, currencyOptions, paymentMethodOptions } from './options.js';
import { bankAccountResource, transactionResource, transferResource } from './resources.js';

/**
 * The Inertia pages of banking (PAGES.md /banking/*). Records are read by the pages through
 * the JSON endpoints; these routes only check the id belongs to the tenant (404 otherwise) and
 * hand over the option lists the forms and amounts need (currencies with their format and rate,
 * accounts, categories, payment methods), so a page needs no currencies.view or categories.view.
 */

const categoryList = (tx: Tx, tenantId: number) =>
  tx
    .select({ id: categories.id, name: categories.name, type: categories.type, color: categories.color, enabled: categories.enabled })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), inArray(categories.type, ['income', 'expense'])))
    .orderBy(asc(categories.name));

type Want = { accounts?: boolean; categories?: boolean; methods?: boolean };

async function options(req: FastifyRequest, want: Want) {
  return req.tenantTx(async (tx) => {
    const id = req.tenant!.id;
    return {
      currencies: await currencyOptions(tx, id),
      ...(want.accounts ? { accounts: await accountOptions(tx, id) } : {}),
      ...(want.categories ? { categories: await categoryList(tx, id) } : {}),
      ...(want.methods ? { paymentMethods: await paymentMethodOptions(tx, id) } : {}),
    };
  });
}

type Resource = { get: (req: FastifyRequest) => Promise<{ data: Record<string, unknown> }> };

/** The record of the URL, or 404 (another tenant's id, a bad id, no such row). */
async function recordOf(resource: Resource, label: string, req: FastifyRequest) {
  const { data } = await resource.get(req).catch((err: { statusCode?: number }) => {
    throw err.statusCode === 404 || err.statusCode === 422 ? notFound(label) : err;
  });
  return data;
}

const PAGES = [
  { group: 'Accounts', base: '/banking/accounts', area: 'accounts', label: 'Account', resource: bankAccountResource, want: {} },
  { group: 'Transactions', base: '/banking/transactions', area: 'transactions', label: 'Transaction', resource: transactionResource, want: { accounts: true, categories: true, methods: true } },
  { group: 'Transfers', base: '/banking/transfers', area: 'transfers', label: 'Transfer', resource: transferResource, want: { accounts: true, methods: true } },
] as const;

export async function bankingPages(app: FastifyInstance) {
  for (const page of PAGES) {
    const render = async (req: FastifyRequest, reply: FastifyReply, component: string, props: Record<string, unknown> = {}) =>
      reply.inertia(`${page.group}/${component}`, { ...props, ...(await options(req, page.want)) });
    // the page shows the id only; the record itself comes from get-<singular>/{id}
    const idProps = async (req: FastifyRequest) => ({ id: Number((await recordOf(page.resource, page.label, req)).id) });

    app.get(page.base, { config: { access: `${page.area}.view` } }, (req, reply) => render(req, reply, 'Index'));
    app.get(`${page.base}/create`, { config: { access: `${page.area}.create` } }, (req, reply) => render(req, reply, 'Create'));
    app.get(`${page.base}/:id`, { config: { access: `${page.area}.view` } }, async (req, reply) => render(req, reply, 'Show', await idProps(req)));
    app.get(`${page.base}/:id/edit`, { config: { access: `${page.area}.update` } }, async (req, reply) => render(req, reply, 'Edit', await idProps(req)));
  }
}
