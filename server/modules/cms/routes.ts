import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.js';
import { companySlug, pageActionRoutes, pageResource, publicPath } from './pages.js';
import { companyOf, mediaOf, notFoundDocument, pageDocument, publicPageRoutes, sendPageHtml, type ImageResolverFactory } from './public.js';
import { signedImages } from './images.js';
import { cmsPages as p } from './schema.js';

const ID = /^[1-9]\d{0,15}$/;

/** CMS pages: the JSON endpoints, revisions and publishing, the editor's pages, the draft's preview and the public view. */
export async function cmsRoutes(app: FastifyInstance) {
  // images through the media library's signed, expiring addresses; a file gone since is left out (render.ts)
  const images: ImageResolverFactory = (tx, tenantId, ids) => signedImages(app.ctx.config, tx, tenantId, ids);
  pageResource.routes(app);
  pageActionRoutes(app);
  publicPageRoutes(app, images);

  app.get('/cms/pages', { config: { access: 'pages.view' } }, async (req, reply) => {
    const slug = await req.tenantRead((tx) => companySlug(tx, req.tenant!.id));
    return reply.inertia('Pages/Index', { company_slug: slug });
  });

  app.get('/cms/pages/create', { config: { access: 'pages.create' } }, async (req, reply) => {
    const slug = await req.tenantRead((tx) => companySlug(tx, req.tenant!.id));
    return reply.inertia('Pages/Create', { company_slug: slug });
  });

  app.get<{ Params: { id: string } }>('/cms/pages/:id/edit', { config: { access: 'pages.update' } }, async (req, reply) => {
    if (!ID.test(req.params.id)) throw notFound('Page');
    const { data } = await pageResource.get(req);
    const slug = await req.tenantRead((tx) => companySlug(tx, req.tenant!.id));
    return reply.inertia('Pages/Edit', { page: data, company_slug: slug });
  });

  app.get<{ Params: { id: string } }>('/cms/pages/:id/preview', { config: { access: 'pages.view' } }, async (req, reply) => {
    if (!ID.test(req.params.id)) throw notFound('Page');
    const { data } = await pageResource.get(req);
    return reply.inertia('Pages/Preview', { page: data });
  });

  // the draft as a visitor would see it once published: the public view's own document, shown by Pages/Preview in a frame
  app.get<{ Params: { id: string } }>('/cms/pages/:id/preview/frame', { config: { access: 'pages.view', activity: false } }, async (req, reply) => {
    if (!ID.test(req.params.id)) return sendPageHtml(reply, 404, notFoundDocument(), 'no-store');
    const tenantId = req.tenant!.id;
    const html = await req.tenantTx(async (tx) => {
      const [row] = await tx
        .select({ title: p.title, slug: p.slug, seo_title: p.seoTitle, seo_description: p.seoDescription, social_image_id: p.socialImageId, blocks: p.blocks })
        .from(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.id, Number(req.params.id))));
      if (!row) return null;
      const { slug, ...page } = row;
      const c = await companyOf(tx, tenantId);
      const image = await images(tx, tenantId, mediaOf(page));
      return pageDocument({ company: c, page, path: publicPath(c.slug, slug), appUrl: app.ctx.config.appUrl, image, preview: true });
    });
    if (!html) return sendPageHtml(reply, 404, notFoundDocument(), 'no-store');
    return sendPageHtml(reply.header('x-robots-tag', 'noindex'), 200, html, 'no-store');
  });
}
