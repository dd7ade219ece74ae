import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DocumentType } from '../../../common/documents/status.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { categories, contacts, items, taxes } from '../accounting/schema.js';
import { accountOptions, currencyOptions, paymentMethodOptions } from '../banking/options.js';
import { companyOf, estimatePublicRoutes, estimatePublicUrl } from './public.js';
import { documents } from './schema.js';

/**
 * The Inertia pages of invoices, estimates and bills (PAGES.md). As in banking, the record
 * itself is read by the page through the JSON endpoints (get-document/{id}); these routes check
 * that the id is a document of this type in this tenant (404 otherwise) and hand over what the
 * forms and the Show page need without permissions of their own: currencies with their format
 * and rate, categories, taxes, bank accounts and payment methods, the invoice settings (payment
 * terms, notes, footer, column names), the company as it prints, and the Index's stat cards.
 */

type Page = { type: DocumentType; group: string; base: string; area: 'invoices' | 'bills' | 'estimates'; label: string };

export const DOCUMENT_PAGES: readonly Page[] = [
  { type: 'invoice', group: 'Invoices', base: '/sales/invoices', area: 'invoices', label: 'Invoice' },
  { type: 'estimate', group: 'Estimates', base: '/sales/estimates', area: 'estimates', label: 'Estimate' },
  { type: 'bill', group: 'Bills', base: '/purchases/bills', area: 'bills', label: 'Bill' },
];

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

/** Sales are income, purchases expense. */
const categoryList = (tx: Tx, tenantId: number, type: DocumentType) =>
  tx
    .select({ id: categories.id, name: categories.name, color: categories.color, enabled: categories.enabled })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.type, type === 'bill' ? 'expense' : 'income')))
    .orderBy(asc(categories.name));

const taxList = (tx: Tx, tenantId: number) =>
  tx
    .select({ id: taxes.id, name: taxes.name, rate: sql<string>`trim_scale(${taxes.rate})::text`, type: taxes.type, enabled: taxes.enabled })
    .from(taxes)
    .where(eq(taxes.tenantId, tenantId))
    .orderBy(asc(taxes.name), asc(taxes.id));

/**
 * The items a line can be filled from, with their default taxes: enabled ones, by name. The
 * cap keeps the page light; a catalogue larger than this is typed into the line by hand.
 */
export const ITEM_OPTIONS_LIMIT = 2000;
const itemList = (tx: Tx, tenantId: number) =>
  tx
    .select({
      id: items.id,
      name: items.name,
      description: items.description,
      sale_price: items.salePrice,
      purchase_price: items.purchasePrice,
      tax_ids: sql<number[]>`coalesce((select array_agg(it.tax_id::int order by it.id) from item_taxes it where it.tenant_id = ${items.tenantId} and it.item_id = ${items.id}), '{}')`,
    })
    .from(items)
    .where(and(eq(items.tenantId, tenantId), eq(items.enabled, true)))
    .orderBy(asc(items.name), asc(items.id))
    .limit(ITEM_OPTIONS_LIMIT);

/** What the forms take from Settings/Accounting/Invoices and Defaults. */
async function formSettings(tx: Tx, tenantId: number, type: DocumentType) {
  const inv = await accountingSetting(tx, tenantId, 'invoices');
  const defaults = await accountingSetting(tx, tenantId, 'defaults');
  return {
    payment_terms: inv.payment_terms,
    notes: inv.notes,
    footer: inv.footer,
    item_name: inv.item_name,
    price_name: inv.price_name,
    quantity_name: inv.quantity_name,
    tax_id: defaults.tax_id,
    category_id: type === 'bill' ? defaults.expense_category_id : defaults.income_category_id,
    account_id: defaults.account_id,
    payment_method: defaults.payment_method,
  };
}

/**
 * The Index's stat cards, in the default currency (each document's amount / its rate, rounded
 * to the default's precision). Invoices and bills: what is overdue, what is open (issued, not
 * fully paid, not yet due) and drafts, the open figures net of what has been paid: as the
 * document answers' amount_due, the receivable (payable) relieved by the payments' live journal
 * entries, in the document's currency. Estimates: drafts, sent (awaiting an answer) and approved.
 */
async function statsOf(tx: Tx, tenantId: number, type: DocumentType, timezone: string) {
  const sums =
    type === 'estimate'
      ? sql`with d as (select status, total / currency_rate as base from documents where tenant_id = ${tenantId} and type = 'estimate')
            select sum(base) filter (where status = 'draft') as a,
                   sum(base) filter (where status in ('sent', 'viewed')) as b,
                   sum(base) filter (where status = 'approved') as c,
                   count(*) filter (where status = 'draft')::int as na,
                   count(*) filter (where status in ('sent', 'viewed'))::int as nb,
                   count(*) filter (where status = 'approved')::int as nc
              from d`
      : sql`with today as (select (now() at time zone ${timezone})::date as d),
            d as (
              select doc.status, doc.due_at < (select d from today) as late,
                     greatest(doc.total - (case when doc.type = 'bill' then 1 else -1 end) * coalesce((
                       select sum(l.amount) from transactions t
                         join journal_lines l on l.tenant_id = t.tenant_id and l.entry_id = t.journal_entry_id
                         join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
                        where t.tenant_id = doc.tenant_id and t.document_id = doc.id
                          and a.system_key in ('receivables', 'payables') and l.currency_code = doc.currency_code), 0), 0) / doc.currency_rate as due,
                     doc.total / doc.currency_rate as base,
                     doc.status not in ('draft', 'cancelled', 'paid') as open
                from documents doc where doc.tenant_id = ${tenantId} and doc.type = ${type})
            select sum(due) filter (where open and late) as a,
                   sum(due) filter (where open and late is not true) as b,
                   sum(base) filter (where status = 'draft') as c,
                   count(*) filter (where open and late)::int as na,
                   count(*) filter (where open and late is not true)::int as nb,
                   count(*) filter (where status = 'draft')::int as nc
              from d`;
  const [row] = await rows<{ a: string; b: string; c: string; na: number; nb: number; nc: number }>(
    tx,
    sql`with s as (${sums}), p as (select precision from currencies where tenant_id = ${tenantId} and is_default)
        select round(coalesce(s.a, 0), p.precision)::text as a, round(coalesce(s.b, 0), p.precision)::text as b,
               round(coalesce(s.c, 0), p.precision)::text as c, s.na, s.nb, s.nc
          from s, p`,
  );
  const names = type === 'estimate' ? (['draft', 'sent', 'approved'] as const) : (['overdue', 'open', 'draft'] as const);
  return [
    { key: names[0], amount: row.a, count: row.na },
    { key: names[1], amount: row.b, count: row.nb },
    { key: names[2], amount: row.c, count: row.nc },
  ];
}

export async function documentPages(app: FastifyInstance) {
  const { config } = app.ctx;
  for (const page of DOCUMENT_PAGES) {
    /** The document of the URL: another tenant's, another type's, a bad or unknown id is a 404. */
    const idOf = async (req: FastifyRequest) => {
      const p = idParam.safeParse(req.params);
      if (!p.success) throw notFound(page.label);
      const id = Number(p.data.id);
      const [found] = await req.tenantTx((tx) =>
        tx
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.tenantId, req.tenant!.id), eq(documents.type, page.type), eq(documents.id, id))),
      );
      if (!found) throw notFound(page.label);
      return id;
    };

    const formProps = (req: FastifyRequest) =>
      req.tenantTx(async (tx) => {
        const t = req.tenant!.id;
        return {
          type: page.type,
          currencies: await currencyOptions(tx, t),
          categories: await categoryList(tx, t, page.type),
          taxes: await taxList(tx, t),
          items: await itemList(tx, t),
          settings: await formSettings(tx, t, page.type),
        };
      });

    const render = (reply: FastifyReply, component: string, props: Record<string, unknown>) => reply.inertia(`${page.group}/${component}`, props);

    app.get(page.base, { config: { access: `${page.area}.view` } }, async (req, reply) => {
      const props = await req.tenantTx(async (tx) => ({
        type: page.type,
        currencies: await currencyOptions(tx, req.tenant!.id),
        stats: await statsOf(tx, req.tenant!.id, page.type, req.tenant!.timezone || 'UTC'),
      }));
      return render(reply, 'Index', props);
    });

    // ?contact_id=… starts the form on that customer (vendor for a bill): "New invoice" on a customer's page
    const prefill = z.object({ contact_id: z.string().regex(/^[1-9]\d{0,15}$/).optional() });
    app.get(`${page.base}/create`, { config: { access: `${page.area}.create` } }, async (req, reply) => {
      const q = prefill.safeParse(req.query ?? {});
      if (!q.success) throw notFound('Contact');
      let contact: { id: number; name: string; currency_code: string } | null = null;
      if (q.data.contact_id) {
        const type = page.type === 'bill' ? 'vendor' : 'customer';
        const [found] = await req.tenantRead((tx) =>
          tx
            .select({ id: contacts.id, name: contacts.name, currency_code: contacts.currencyCode })
            .from(contacts)
            .where(and(eq(contacts.tenantId, req.tenant!.id), eq(contacts.id, Number(q.data.contact_id)), eq(contacts.type, type)))
            .limit(1),
        );
        if (!found) throw notFound('Contact');
        contact = { ...found, currency_code: found.currency_code ?? '' };
      }
      return render(reply, 'Create', { ...(await formProps(req)), contact });
    });

    app.get(`${page.base}/:id`, { config: { access: `${page.area}.view` } }, async (req, reply) => {
      const id = await idOf(req);
      const props = await req.tenantTx(async (tx) => {
        const t = req.tenant!.id;
        return {
          type: page.type,
          id,
          currencies: await currencyOptions(tx, t),
          company: await companyOf(tx, t),
          ...(page.type === 'estimate'
            ? { publicUrl: estimatePublicUrl(config, t, id) }
            : { accounts: await accountOptions(tx, t), paymentMethods: await paymentMethodOptions(tx, t, { enabledOnly: true }), settings: await formSettings(tx, t, page.type) }),
        };
      });
      return render(reply, 'Show', props);
    });

    app.get(`${page.base}/:id/edit`, { config: { access: `${page.area}.update` } }, async (req, reply) => {
      const id = await idOf(req);
      return render(reply, 'Edit', { id, ...(await formProps(req)) });
    });
  }
}


/** The document pages and the public estimate view, registered together from server/app.ts. */
export async function documentPageRoutes(app: FastifyInstance) {
  await documentPages(app);
  await estimatePublicRoutes(app);
}
