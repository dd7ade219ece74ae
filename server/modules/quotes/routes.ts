import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { QUOTE_MAX_AGE_SECONDS, QUOTE_MIN_SECONDS, quoteRequestSchema } from '../../../common/quotes.js';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { fieldError, notFound } from '../../http/errors.js';
import { readToken, signToken } from '../../http/signed-token.js';
import { Throttle } from '../../http/throttle.js';
import { validate } from '../../http/validate.js';
import { contacts } from '../accounting/schema.js';
import { defaultCurrency } from '../accounting/currency.js';
import { companyBySlug, themeCssPath } from '../company-settings/public.js';
import { readProfile } from '../company-settings/service.js';
import { createDocument } from '../documents/saving.js';
import { notifyMembersWhoMay } from '../notifications/service.js';

const PURPOSE = 'quote-form';
const SENT = 'Thank you. Your request has been sent; we will reply by e-mail.';

/**
 * The public quote request form of a company (PAGES.md Quotes/Request: /quotes/request?company={slug}).
 * A request becomes a draft estimate for the company, with the visitor as a customer (found by
 * e-mail, else added), so it lands where quotes are made. Spam is kept out three ways: a honeypot
 * field, a signed time stamp (a form sent within 3 seconds of being shown, or a day later, is
 * refused), and a limit of requests per address and company.
 */
export async function quoteRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  // five requests an hour from one address to one company; twenty to all companies
  const perCompany = new Throttle(5, 60 * 60 * 1000);
  const perAddress = new Throttle(20, 60 * 60 * 1000);

  app.get('/quotes/request', { config: { access: 'public' } }, async (req, reply) => {
    const slug = String((req.query as { company?: unknown }).company ?? '');
    const company = await companyBySlug(database, slug);
    if (!company) throw notFound('Company');
    const profile = await withTenant(database, company.id, (tx) => readProfile(tx, company.id));
    return reply.inertia('Quotes/Request', {
      company: {
        name: company.name,
        slug: company.slug,
        logo: company.logo_light,
        brand_color: company.brand_color,
        terms_url: profile.terms && profile.show_on_public_pages ? `/p/${company.slug}/legal/terms` : null,
        theme_css: themeCssPath(company.id, company.brand_color),
      },
      form_token: signToken(config.appKey, PURPOSE, [company.id, Date.now()]),
    });
  });

  app.post('/quotes/request', { config: { access: 'public' } }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = validate(quoteRequestSchema, body);
    const company = await companyBySlug(database, input.company);
    if (!company) throw notFound('Company');

    const parts = readToken(config.appKey, PURPOSE, input.form_token, 2);
    if (!parts || Number(parts[0]) !== company.id) throw fieldError('form_token', 'This form has expired. Reload the page and try again.');
    const age = (Date.now() - Number(parts[1])) / 1000;
    if (age > QUOTE_MAX_AGE_SECONDS) throw fieldError('form_token', 'This form has expired. Reload the page and try again.');
    if (age < QUOTE_MIN_SECONDS) throw fieldError('form_token', 'That was quicker than a person can type. Wait a moment and send again.');

    perAddress.attempt(req.ip);
    perCompany.attempt(`${company.id}:${req.ip}`);
    // a filled honeypot is answered like a success, so the script learns nothing, and nothing is kept
    if (input.website && input.website.trim() !== '') return done(req, reply, company.slug);

    await withTenant(database, company.id, async (tx) => {
      const customerId = await customerFor(tx, company.id, input);
      const today = new Date().toISOString().slice(0, 10);
      const lines = input.items.length ? input.items : [{ name: 'Quote request', quantity: 1 }];
      const estimateId = await createDocument(
        tx,
        company.id,
        {
          type: 'estimate',
          contact_id: customerId,
          issued_at: today,
          title: 'Quote request',
          notes: [input.message, input.phone ? `Phone: ${input.phone}` : null, input.organisation ? `Organisation: ${input.organisation}` : null].filter(Boolean).join('\n\n'),
          // the company prices the lines: the request carries what and how many
          items: lines.map((l) => ({ name: l.name, quantity: String(l.quantity), price: '0' })),
        },
        { description: `Quote requested by ${input.name} <${input.email}> on the public form.` },
      );
      await notifyEstimators(tx, company.id, estimateId, input.name);
    });
    return done(req, reply, company.slug);
  });
}

function done(req: FastifyRequest, reply: FastifyReply, slug: string) {
  if (req.wantsJson) return reply.code(201).send({ message: SENT });
  req.session.flash('success', SENT);
  return reply.inertiaRedirect(`/quotes/request?company=${encodeURIComponent(slug)}&sent=1`);
}

/** The customer with this e-mail address, or a new one in the company's default currency. */
async function customerFor(tx: Tx, tenantId: number, input: { name: string; email: string; phone: string | null; organisation: string | null }): Promise<number> {
  const [found] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.type, 'customer'), sql`lower(${contacts.email}) = ${input.email.toLowerCase()}`))
    .limit(1);
  if (found) return found.id;
  const currency = await defaultCurrency(tx, tenantId);
  const [made] = await tx
    .insert(contacts)
    .values({ tenantId, type: 'customer', name: input.organisation ?? input.name, email: input.email, phone: input.phone, currencyCode: currency.code, reference: 'Quote request form' })
    .returning({ id: contacts.id });
  return made.id;
}

/** Everyone of the company who may make estimates hears of the request. */
async function notifyEstimators(tx: Tx, tenantId: number, estimateId: number, who: string) {
  await notifyMembersWhoMay(tx, tenantId, 'estimates.create', {
    type: 'quote_request',
    title: 'New quote request',
    body: `${who} asked for a quote. A draft estimate is waiting for your prices.`,
    url: `/sales/estimates/${estimateId}`,
    data: { estimate_id: estimateId },
  });
}
