import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { companyGeneralSchema, companySeoSchema, companyTermsSchema, companyThemeSchema, timezones } from '../../../common/company.js';
import { COUNTRIES, OTHER_COUNTRY } from '../../../common/countries.js';
import { withTenant } from '../../db/tenancy.js';
import { notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { currencies } from '../accounting/schema.js';
import { findMediaFile } from '../media/index.js';
import { mediaStorage } from '../media/service.js';
import { readGeneral, readProfile, readTheme, saveGeneral, saveSeo, saveTerms, saveTheme } from './service.js';

const VIEW = { config: { access: 'company_settings.view' as const } };
const UPDATE = { config: { access: 'company_settings.update' as const } };
const logoParams = z.object({ tenant: z.string().regex(/^[1-9]\d{0,15}$/), which: z.enum(['light', 'dark']) });

export async function companySettingsRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  const storage = mediaStorage(config);

  // Settings/Index: the hub of every settings page; each link shows only to those who may open it
  app.get('/settings', { config: { access: 'authenticated' } }, async (_req, reply) => reply.inertia('Settings/Index', {}));

  app.get('/settings/company', VIEW, async (req, reply) => {
    const tenantId = req.tenant!.id;
    const { company, options } = await req.tenantTx(async (tx) => ({
      company: await readGeneral(tx, tenantId),
      options: await tx
        .select({ code: currencies.code, name: currencies.name })
        .from(currencies)
        .where(and(eq(currencies.tenantId, tenantId), eq(currencies.enabled, true)))
        .orderBy(asc(currencies.code)),
    }));
    return reply.inertia('Settings/Company/Index', {
      company,
      currencies: options,
      countries: [...COUNTRIES.map((c) => ({ code: c.code, name: c.name })), { code: OTHER_COUNTRY.code, name: 'Another country' }],
      timezones: timezones(),
      app_url: config.appUrl,
    });
  });
  app.put('/settings/company/update', UPDATE, async (req) => {
    const input = validate(companyGeneralSchema, req.body);
    const data = await req.tenantTx((tx) => saveGeneral(tx, req.tenant!.id, input));
    return { message: 'Company settings updated successfully.', data };
  });

  app.get('/settings/company/seo', VIEW, async (req, reply) => {
    const p = await req.tenantTx((tx) => readProfile(tx, req.tenant!.id));
    return reply.inertia('Settings/Company/Seo', {
      seo: { meta_title: p.meta_title, meta_description: p.meta_description, meta_keywords: p.meta_keywords, social_image_id: p.social_image_id, allow_indexing: p.allow_indexing },
    });
  });
  app.put('/settings/company/seo/update', UPDATE, async (req) => {
    const input = validate(companySeoSchema, req.body);
    const p = await req.tenantTx((tx) => saveSeo(tx, req.tenant!.id, input));
    return { message: 'SEO settings updated successfully.', data: { meta_title: p.meta_title, meta_description: p.meta_description, meta_keywords: p.meta_keywords, social_image_id: p.social_image_id, allow_indexing: p.allow_indexing } };
  });

  app.get('/settings/company/terms', VIEW, async (req, reply) => {
    const tenantId = req.tenant!.id;
    const [p, slug] = await req.tenantTx(async (tx) => [await readProfile(tx, tenantId), (await readGeneral(tx, tenantId)).slug] as const);
    return reply.inertia('Settings/Company/Terms', {
      terms: { terms: p.terms, show_on_documents: p.show_on_documents, show_on_public_pages: p.show_on_public_pages, terms_updated_at: p.terms_updated_at },
      public_url: slug ? `/p/${slug}/legal/terms` : null,
    });
  });
  app.put('/settings/company/terms/update', UPDATE, async (req) => {
    const input = validate(companyTermsSchema, req.body);
    const p = await req.tenantTx((tx) => saveTerms(tx, req.tenant!.id, input));
    return { message: 'Terms updated successfully.', data: { terms: p.terms, show_on_documents: p.show_on_documents, show_on_public_pages: p.show_on_public_pages, terms_updated_at: p.terms_updated_at } };
  });

  app.get('/settings/company/theme', VIEW, async (req, reply) => {
    const tenantId = req.tenant!.id;
    const [theme, slug] = await req.tenantTx(async (tx) => [await readTheme(tx, tenantId), (await readGeneral(tx, tenantId)).slug] as const);
    return reply.inertia('Settings/Company/Theme', { ...theme, company_slug: slug });
  });
  app.put('/settings/company/theme/update', UPDATE, async (req) => {
    const input = validate(companyThemeSchema, req.body);
    const data = await req.tenantTx((tx) => saveTheme(tx, req.tenant!.id, input.brand_color));
    return { message: data.theme.warnings.length ? 'Theme saved, with a contrast warning.' : 'Theme updated successfully.', data };
  });

  /**
   * The company's logos, public: they are shown on its public pages, its quote form, its PDFs and
   * e-mails. Only the file chosen as a logo is served here, never another file of the library.
   */
  app.get('/company/logo/:tenant/:which', { config: { access: 'public' } }, async (req, reply) => {
    const p = logoParams.safeParse(req.params);
    if (!p.success) throw notFound('Logo');
    const tenantId = Number(p.data.tenant);
    const file = await withTenant(database, tenantId, async (tx) => {
      const g = await readGeneral(tx, tenantId).catch(() => null);
      const id = p.data.which === 'light' ? g?.logo_light_id : g?.logo_dark_id;
      return id ? findMediaFile(tx, tenantId, id).catch(() => null) : null;
    });
    if (!file || file.kind !== 'image') throw notFound('Logo');
    const found = await storage.get(file.storage_key);
    if (!found) throw notFound('Logo');
    return reply
      .type(file.mime)
      .header('content-length', String(found.size))
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(found.body);
  });
}
