import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { tenants } from '../../db/tenant-table.js';
import { accountingLogo, logoUrl } from '../accounting-settings/service.js';
import { themeCssPath } from '../company-settings/public.js';
import { readProfile } from '../company-settings/service.js';
import { escapeHtml } from '../../../common/html.js';
import { renderBlocks, type ImageResolver } from './render.js';
import { cmsPages as p, type PublishedPage } from './schema.js';
import { isPublic, publicPath } from './pages.js';

/** The public pages' one style sheet (served from this module: no inline style, no other origin). */
export const PAGE_CSS_PATH = '/p-assets/page.css';
const css = readFileSync(new URL('./page.css', import.meta.url), 'utf8');
const cssEtag = `"${createHash('sha256').update(css).digest('base64url').slice(0, 16)}"`;

/**
 * The Content-Security-Policy of a rendered page: nothing runs (no script source at all), styles
 * come only from PAGE_CSS_PATH, images only from this site, no forms, no plugins, no <base>.
 * `frame-ancestors 'self'` lets the editor's preview show it in a frame.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'none'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

export interface Company {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  /** the company's theme sheet (Settings/Company/Theme) */
  theme_css: string;
  /** the company's default meta (Settings/Company/Seo), used where a page gives none */
  seo: { title: string | null; description: string | null; keywords: string | null; indexing: boolean };
  /** the company's own terms (Settings/Company/Terms), linked from the footer when shown on public pages */
  terms_url: string | null;
}

export interface PageDocument {
  company: Company;
  page: PublishedPage;
  /** the page's public path, /p/{company}/{page} */
  path: string;
  appUrl: string;
  image: ImageResolver;
  /** a draft's preview: not indexed, marked as a preview */
  preview?: boolean;
}

/** A whole page as HTML: the head's title, description and og: tags, the company's logo and name, the blocks. */
export function pageDocument(d: PageDocument): string {
  const { page, company } = d;
  const title = page.seo_title || page.title;
  const description = page.seo_description ?? company.seo.description ?? '';
  const url = `${d.appUrl}${d.path}`;
  const social = page.social_image_id ? d.image(page.social_image_id) : null;
  const absolute = (src: string) => (src.startsWith('/') ? `${d.appUrl}${src}` : src);
  const meta = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    social ? `<meta property="og:image" content="${escapeHtml(absolute(social.src))}">` : '',
    `<meta name="twitter:card" content="${social ? 'summary_large_image' : 'summary'}">`,
    company.seo.keywords ? `<meta name="keywords" content="${escapeHtml(company.seo.keywords)}">` : '',
    d.preview || !company.seo.indexing ? '<meta name="robots" content="noindex, nofollow">' : '',
  ].filter(Boolean);
  const logo = company.logo ? `<img class="kz-logo" src="${escapeHtml(company.logo)}" alt="">` : '';
  const banner = d.preview ? '<div class="kz-preview-banner" role="note">Preview of the draft: visitors do not see this version.</div>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(company.seo.title || company.name)}</title>
${meta.join('\n')}
<link rel="stylesheet" href="${PAGE_CSS_PATH}">
<link rel="stylesheet" href="${escapeHtml(company.theme_css)}">
</head>
<body class="kz-page">
${banner}<header class="kz-site-header"><div class="kz-brand">${logo}<span>${escapeHtml(company.name)}</span></div></header>
<main class="kz-main"><article class="kz-article">
<h1 class="kz-title">${escapeHtml(page.title)}</h1>
${renderBlocks(page.blocks, d.image, d.path)}
</article></main>
<footer class="kz-footer">© ${escapeHtml(company.name)}${company.terms_url ? ` · <a href="${escapeHtml(company.terms_url)}">Terms</a>` : ''} · <a href="/quotes/request?company=${encodeURIComponent(company.slug)}">Request a quote</a></footer>
</body>
</html>
`;
}

/** The not-found answer of the public addresses: the same for an unknown company, an unknown page, a draft or a page not yet due. */
export function notFoundDocument(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title><meta name="robots" content="noindex"><link rel="stylesheet" href="${PAGE_CSS_PATH}"></head>
<body class="kz-page"><main class="kz-main"><article class="kz-article"><h1 class="kz-title">Page not found</h1><p>This page does not exist or is not published.</p></article></main></body></html>
`;
}

export function sendPageHtml(reply: FastifyReply, status: number, html: string, cache: string) {
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The company's name, public slug and logo (the accounting settings' logo: an unguessable file name on a public route), inside its tenant transaction. */
export async function companyOf(tx: Parameters<Parameters<typeof withTenant>[2]>[0], tenantId: number): Promise<Company> {
  const [t] = await tx
    .select({ id: tenants.id, slug: tenants.slug, name: sql<string>`coalesce(nullif(${tenants.settings}->>'name', ''), ${tenants.name})`, settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const profile = await readProfile(tx, tenantId);
  const slug = t.slug ?? String(t.id);
  return {
    id: t.id,
    name: t.name,
    slug,
    // the company's own logo (Settings/Company), else the one of its accounting settings
    logo: t.settings.logo_light ?? logoUrl(await accountingLogo(tx, tenantId)),
    theme_css: themeCssPath(t.id, t.settings.brand_color),
    seo: { title: profile.meta_title, description: profile.meta_description, keywords: profile.meta_keywords, indexing: profile.allow_indexing },
    terms_url: profile.terms && profile.show_on_public_pages ? `/p/${slug}/legal/terms` : null,
  };
}

/** The tenant behind a public company slug, read as the owner connection (tenants is a global table): null when none. */
export async function tenantBySlug(database: Database, slug: string): Promise<number | null> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 100) return null;
  const [row] = await database.query<{ id: string | number }>('select id from tenants where slug = $1', [slug]);
  return row ? Number(row.id) : null;
}

export type ImageResolverFactory = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], tenantId: number, mediaIds: number[]) => Promise<ImageResolver>;

/**
 * The public view (PAGES.md Pages/View; issue 18: /p/{company-slug}/{page-slug}): server-rendered
 * HTML, no login, no script; a draft, a page whose time has not come, an unknown page or company
 * all answer the same 404.
 */
export function publicPageRoutes(app: FastifyInstance, images: ImageResolverFactory) {
  const { database, config } = app.ctx;

  app.get(PAGE_CSS_PATH, { config: { access: 'public', activity: false } }, async (req, reply) => {
    if (req.headers['if-none-match'] === cssEtag) return reply.code(304).send();
    return reply.header('etag', cssEtag).header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(css);
  });

  app.get<{ Params: { company: string; slug: string } }>('/p/:company/:slug', { config: { access: 'public', activity: false } }, async (req, reply) => {
    const tenantId = await tenantBySlug(database, req.params.company);
    const found =
      tenantId &&
      (await withTenant(database, tenantId, async (tx) => {
        const [row] = await tx
          .select({ published: p.published })
          .from(p)
          .where(and(eq(p.tenantId, tenantId), eq(p.slug, req.params.slug), isPublic));
        if (!row?.published) return null;
        const page = row.published;
        const company = await companyOf(tx, tenantId);
        const image = await images(tx, tenantId, mediaOf(page));
        return pageDocument({ company, page, path: publicPath(company.slug, req.params.slug), appUrl: config.appUrl, image });
      }));
    if (!found) return sendPageHtml(reply, 404, notFoundDocument(), 'no-store');
    return sendPageHtml(reply, 200, found, 'public, max-age=60');
  });
}

/** The media files a page shows: its blocks' images and its social image. */
export function mediaOf(page: PublishedPage): number[] {
  const ids = page.blocks.flatMap((b) => (b.type === 'columns' ? b.columns.flat() : [b])).flatMap((b) => (b.type === 'image' ? [b.media_id] : []));
  if (page.social_image_id) ids.push(page.social_image_id);
  return [...new Set(ids)];
}
