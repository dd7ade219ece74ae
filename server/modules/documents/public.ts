import { readToken, signToken } from '../../http/signed-token.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError } from '../../http/errors.js';
import { Throttle } from '../../http/throttle.js';
import { accountingLogo, accountingSetting, logoUrl } from '../accounting-settings/service.js';
import { currencies } from '../accounting/schema.js';
import { notifyMembersWhoMay } from '../notifications/service.js';
import { documentItems, documents } from './schema.js';
import { changeStatus } from './statuses.js';

/**
 * The public view of an estimate (PAGES.md Estimates/Public, /estimates/view/{token}): the
 * customer reads it and approves or refuses it without an account.
 *
 * The token is `<tenant>-<estimate>-<signature>`: the signature is an HMAC-SHA256 of both ids
 * under APP_KEY, so a link cannot be guessed or altered to reach another estimate or another
 * company (a bad or tampered token is a 404, like an unknown one). It does not expire: a link
 * mailed to a customer keeps working as long as the estimate exists.
 */

const TOKEN = /^([1-9]\d{0,15})-([1-9]\d{0,15})-([A-Za-z0-9_-]{43})$/;
const NOT_FOUND = 'This estimate link is invalid.';
/** The customer may decide while the estimate waits for an answer; afterwards the buttons are gone. */
const OPEN = ['sent', 'viewed'];

export function estimateToken(key: string, tenantId: number, id: number): string {
  return signToken(key, 'estimate', [tenantId, id]);
}

export function estimatePublicUrl(config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number, id: number): string {
  return `${config.appUrl}/estimates/view/${estimateToken(config.appKey, tenantId, id)}`;
}

/** The tenant and estimate a token names, or null when it is malformed or its signature is wrong. */
export function readEstimateToken(key: string, token: string): { tenantId: number; id: number } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const tenantId = Number(m[1]);
  const id = Number(m[2]);
  if (!Number.isSafeInteger(tenantId) || !Number.isSafeInteger(id)) return null;
  return readToken(key, 'estimate', token, 2) ? { tenantId, id } : null;
}

const estimateFields = {
  id: documents.id,
  status: documents.status,
  document_number: documents.documentNumber,
  order_number: documents.orderNumber,
  title: documents.title,
  issued_at: documents.issuedAt,
  due_at: documents.dueAt,
  currency_code: documents.currencyCode,
  contact_name: documents.contactName,
  contact_email: documents.contactEmail,
  contact_tax_number: documents.contactTaxNumber,
  contact_phone: documents.contactPhone,
  contact_address: documents.contactAddress,
  sub_total: documents.subTotal,
  discount_total: documents.discountTotal,
  tax_total: documents.taxTotal,
  total: documents.total,
  notes: documents.notes,
  footer: documents.footer,
};

async function findEstimate(tx: Tx, tenantId: number, id: number, lock = false) {
  const q = tx
    .select(estimateFields)
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id), eq(documents.type, 'estimate')));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Everything the public page shows: the company, the estimate, its lines and taxes, its currency's format. */
async function publicProps(tx: Tx, tenantId: number, estimate: NonNullable<Awaited<ReturnType<typeof findEstimate>>>) {
  const lines = await tx
    .select({
      id: documentItems.id,
      name: documentItems.name,
      description: documentItems.description,
      quantity: sql<string>`trim_scale(${documentItems.quantity})::text`,
      price: documentItems.price,
      sub_total: documentItems.subTotal,
      discount: documentItems.discount,
      total: documentItems.total,
    })
    .from(documentItems)
    .where(and(eq(documentItems.tenantId, tenantId), eq(documentItems.documentId, estimate.id)))
    .orderBy(asc(documentItems.position), asc(documentItems.id));
  const taxes = await rows<{ name: string; rate: string; type: string; amount: string }>(
    tx,
    sql`select name, trim_scale(rate)::text as rate, type, sum(amount)::text as amount
          from document_item_taxes
         where tenant_id = ${tenantId} and document_id = ${estimate.id}
         group by tax_id, name, rate, type
         order by min(id)`,
  );
  const [currency] = await tx
    .select({
      code: currencies.code,
      precision: currencies.precision,
      symbol: currencies.symbol,
      symbol_first: currencies.symbolFirst,
      decimal_mark: currencies.decimalMark,
      thousands_separator: currencies.thousandsSeparator,
    })
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.code, estimate.currency_code)));
  const inv = await accountingSetting(tx, tenantId, 'invoices');
  return {
    company: await companyOf(tx, tenantId),
    estimate,
    lines,
    taxes,
    currency: currency ?? null,
    columns: { item: inv.item_name, quantity: inv.quantity_name, price: inv.price_name },
    canDecide: OPEN.includes(estimate.status),
  };
}

/** The company as a document prints it (Settings/Accounting general section and logo). */
export async function companyOf(tx: Tx, tenantId: number) {
  const g = await accountingSetting(tx, tenantId, 'general');
  const address = [g.street, [g.postal_code, g.city].filter(Boolean).join(' '), g.province, g.country].filter(Boolean).join('\n');
  return { name: g.name, email: g.email, phone: g.phone, tax_number: g.tax_number, address: address || null, logo: logoUrl(await accountingLogo(tx, tenantId)) };
}

/** The tenant's active members who may see estimates: they hear of the customer's answer. */

const DECISIONS = {
  approve: { status: 'approved', past: 'approved', title: 'accepted' },
  refuse: { status: 'refused', past: 'refused', title: 'declined' },
} as const;

export async function estimatePublicRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  // wrong tokens per address (a guess costs a request, and a signature cannot be guessed anyway)
  const badTokens = new Throttle(20, 60_000);
  // answers per address: a customer decides once; this only stops a script hammering the link
  const decisions = new Throttle(10, 60_000);

  const resolve = (req: FastifyRequest) => {
    const key = `estimate-token|${req.ip}`;
    badTokens.check(key);
    const token = (req.params as { token?: string }).token ?? '';
    const ids = readEstimateToken(config.appKey, token);
    if (!ids) {
      badTokens.hit(key);
      throw new HttpError(404, NOT_FOUND);
    }
    return { ...ids, token };
  };

  app.get('/estimates/view/:token', { config: { access: 'public', activity: false } }, async (req, reply) => {
    const { tenantId, id } = resolve(req);
    // the company's own staff looking at the link do not make it "viewed"
    const staff = req.tenant?.id === tenantId;
    const props = await withTenant(database, tenantId, async (tx) => {
      let estimate = await findEstimate(tx, tenantId, id, !staff);
      if (!estimate) return null;
      if (estimate.status === 'sent' && !staff) {
        const status = await changeStatus(tx, tenantId, { id, type: 'estimate', status: estimate.status }, 'viewed', null, {
          historyType: 'viewed',
          description: 'The customer viewed the estimate.',
        });
        estimate = { ...estimate, status };
      }
      return publicProps(tx, tenantId, estimate);
    });
    if (!props) throw new HttpError(404, NOT_FOUND);
    return reply.inertia('Estimates/Public', { ...props, token: (req.params as { token: string }).token });
  });

  for (const [action, d] of Object.entries(DECISIONS)) {
    app.post('/estimates/view/:token/' + action, { config: { access: 'public', activity: false } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const { tenantId, id, token } = resolve(req);
      decisions.attempt(`estimate-decision|${req.ip}`);
      const outcome = await withTenant(database, tenantId, async (tx) => {
        const estimate = await findEstimate(tx, tenantId, id, true);
        if (!estimate) return null;
        if (!OPEN.includes(estimate.status)) return { already: estimate.status };
        await changeStatus(tx, tenantId, { id, type: 'estimate', status: estimate.status }, d.status, null, { description: `The customer ${d.past} the estimate.` });
        await notifyMembersWhoMay(tx, tenantId, 'estimates.view', {
          type: `estimate.${d.status}`,
          title: `Estimate ${estimate.document_number} ${d.title}`,
          body: `${estimate.contact_name} ${d.past} estimate ${estimate.document_number}.`,
          url: `/sales/estimates/${id}`,
          data: { document_id: id, status: d.status },
        });
        return { status: d.status, number: estimate.document_number };
      });
      if (!outcome) throw new HttpError(404, NOT_FOUND);
      if ('already' in outcome) {
        const message = outcome.already === 'draft' ? 'This estimate cannot be answered yet.' : `This estimate has already been ${outcome.already}.`;
        if (req.wantsJson) throw new HttpError(422, message);
        req.session.flash('error', message);
        return reply.code(303).redirect(`/estimates/view/${token}`);
      }
      const message = action === 'approve' ? 'Thank you: the estimate is approved.' : 'The estimate is refused. Thank you for letting us know.';
      if (req.wantsJson) return reply.send({ message, data: { status: outcome.status } });
      req.session.flash('success', message);
      return reply.code(303).redirect(`/estimates/view/${token}`);
    });
  }
}
