import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { themeOf, type Theme } from '../../../common/company.js';
import { escapeHtml } from '../../../common/html.js';
import { rows, type Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { readProfile } from './service.js';

/** Served by the CMS module; the public pages of this module share its one sheet. */
const PAGE_CSS_PATH = '/p-assets/page.css';
const PUBLIC_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'";

/** The address of a company's theme sheet: the colour in the query makes a new address (and a fresh cache) for each change. */
export const themeCssPath = (tenantId: number, colour: string | null | undefined) => `/company/theme/${tenantId}.css?v=${encodeURIComponent((colour ?? 'default').replace('#', ''))}`;

/**
 * The brand colour as CSS custom properties for the public pages (the CMS pages' --kz-accent, and
 * the band of their header): a sheet of its own, because those pages allow no inline style.
 */
export function themeCss(theme: Theme): string {
  return `:root { --kz-accent: ${theme.primary_strong}; --kz-brand: ${theme.primary}; --kz-on-brand: ${theme.on_primary}; }
@media (prefers-color-scheme: dark) { :root { --kz-accent: ${theme.primary_light}; } }
.kz-site-header { border-block-start: 4px solid var(--kz-brand); }
.kz-button { display: inline-block; padding: 0.5rem 1rem; border-radius: 0.375rem; background: var(--kz-brand); color: var(--kz-on-brand); text-decoration: none; font-weight: 600; }
`;
}

export interface PublicCompany {
  id: number;
  name: string;
  slug: string;
  brand_color: string | null;
  logo_light: string | null;
}

/** A company by its public slug (tenants is global: read as the owner connection), or null. */
export async function companyBySlug(database: Database, slug: string): Promise<PublicCompany | null> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 100) return null;
  const [row] = await database.query<{ id: string | number; name: string; slug: string; settings: Record<string, unknown> }>(
    'select id, name, slug, settings from tenants where slug = $1',
    [slug],
  );
  if (!row) return null;
  const s = row.settings ?? {};
  return {
    id: Number(row.id),
    name: (typeof s.name === 'string' && s.name) || row.name,
    slug: row.slug,
    brand_color: typeof s.brand_color === 'string' ? s.brand_color : null,
    logo_light: typeof s.logo_light === 'string' ? s.logo_light : null,
  };
}

const tenantParam = z.object({ file: z.string().regex(/^[1-9]\d{0,15}\.css$/) });

export function companyPublicRoutes(app: FastifyInstance) {
  const { database } = app.ctx;

  app.get('/company/theme/:file', { config: { access: 'public', activity: false } }, async (req, reply) => {
    const p = tenantParam.safeParse(req.params);
    if (!p.success) return reply.code(404).type('text/css; charset=utf-8').send('');
    const tenantId = Number(p.data.file.slice(0, -4));
    const [row] = await withTenant(database, tenantId, (tx) => rows<{ colour: string | null }>(tx, sql`select settings->>'brand_color' as colour from tenants where id = ${tenantId}`));
    return reply
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .type('text/css; charset=utf-8')
      .send(themeCss(themeOf(row?.colour ?? null)));
  });

  /** The company's own terms, public (linked from its public pages, its quote form and its documents). */
  app.get<{ Params: { company: string } }>('/p/:company/legal/terms', { config: { access: 'public', activity: false } }, async (req, reply) => {
    const company = await companyBySlug(database, req.params.company);
    const profile = company ? await withTenant(database, company.id, (tx) => readProfile(tx, company.id)) : null;
    if (!company || !profile?.terms || !profile.show_on_public_pages) {
      return reply.code(404).header('content-security-policy', PUBLIC_CSP).type('text/html; charset=utf-8').send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title><meta name="robots" content="noindex"><link rel="stylesheet" href="${PAGE_CSS_PATH}"></head><body class="kz-page"><main class="kz-main"><article class="kz-article"><h1 class="kz-title">Page not found</h1></article></main></body></html>`,
      );
    }
    const paragraphs = profile.terms
      .split(/\n{2,}|\n(?=\d+\.)/)
      .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
      .join('\n');
    const updated = profile.terms_updated_at ? `<p class="kz-caption">Last updated ${escapeHtml(new Date(profile.terms_updated_at).toISOString().slice(0, 10))}</p>` : '';
    const logo = company.logo_light ? `<img class="kz-logo" src="${escapeHtml(company.logo_light)}" alt="">` : '';
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Terms · ${escapeHtml(company.name)}</title>
<link rel="stylesheet" href="${PAGE_CSS_PATH}">
<link rel="stylesheet" href="${escapeHtml(themeCssPath(company.id, company.brand_color))}">
</head>
<body class="kz-page">
<header class="kz-site-header"><div class="kz-brand">${logo}<span>${escapeHtml(company.name)}</span></div></header>
<main class="kz-main"><article class="kz-article kz-text">
<h1 class="kz-title">Terms and conditions</h1>
${updated}
${paragraphs}
<p><a class="kz-button" href="/quotes/request?company=${encodeURIComponent(company.slug)}">Request a quote</a></p>
</article></main>
<footer class="kz-footer">© ${escapeHtml(company.name)}</footer>
</body>
</html>
`;
    return reply.header('content-security-policy', PUBLIC_CSP).header('cache-control', 'public, max-age=60').type('text/html; charset=utf-8').send(html);
  });
}
