import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CmsPageRevisionRow, CmsPageRow } from '../../../common/answers/cms.js';
import {
  blockIds,
  pageListFilterSchema,
  pageSchema,
  pageSlug,
  scheduleSchema,
  type Block,
  type LeafBlock,
  type PageStatus,
} from '../../../common/schemas/cms.js';
import { rows, type Tx } from '../../db/client.js';
import { isoTimestamp as ts, qualified } from '../../db/sql.js';
import { tenants } from '../../db/tenant-table.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError, notFound, ValidationError } from '../../http/errors.js';
import { defineResource, partialUpdate } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { imageFiles } from './images.js';
import { sanitizeRichText } from './sanitize.js';
import { cmsPageRevisions as r, cmsPages as p, type PublishedPage } from './schema.js';

/** How many saved versions a page keeps; older ones are dropped by the save that makes one more. */
export const REVISIONS_KEPT = 50;

type Row = Record<string, unknown>;

/** What a visitor sees: a scheduled page whose time has come is published. */
export const effectiveStatus = sql<string>`case when ${p.status} = 'scheduled' and ${p.publishAt} <= now() then 'published' else ${p.status} end`;
/** The condition of a page a visitor may open. */
export const isPublic = sql`(${p.status} = 'published' or (${p.status} = 'scheduled' and ${p.publishAt} <= now()))`;

/** The draft as a published snapshot holds it (what the visitor would see if it were published now). */
const draftSnapshot = sql`jsonb_build_object('title', ${p.title}, 'seo_title', ${p.seoTitle}, 'seo_description', ${p.seoDescription}, 'social_image_id', ${p.socialImageId}, 'blocks', ${p.blocks})`;

/** Every rich text of a page through the allow-list (columns included); the rest is plain text, escaped when shown. */
export function cleanBlocks(blocks: readonly Block[]): Block[] {
  const clean = <B extends LeafBlock>(b: B): B => (b.type === 'text' ? { ...b, html: sanitizeRichText(b.html) } : b);
  return blocks.map((b) => (b.type === 'columns' ? { ...b, columns: b.columns.map((col) => col.map(clean)) } : b.type === 'survey' ? b : clean(b)));
}

/** Block ids name blocks inside a page (the editor's keys, reorder by keyboard): each only once. */
function checkBlockIds(blocks: readonly Block[]) {
  const seen = new Set<string>();
  for (const id of blockIds(blocks)) {
    if (seen.has(id)) throw fieldError('blocks', `The block id "${id}" is used twice.`);
    seen.add(id);
  }
}

const IMAGE_INVALID = 'The selected image is invalid: choose an image of the media library.';

/** Every image a save names (blocks, columns, the social image) is an image file of the company's media library: else a 422 on its field. */
async function checkImages(tx: Tx, tenantId: number, blocks: readonly Block[], social: number | null | undefined) {
  const named: [string, number][] = [];
  blocks.forEach((b, i) => {
    if (b.type === 'image') named.push([`blocks.${i}.media_id`, b.media_id]);
    if (b.type === 'columns')
      b.columns.forEach((col, c) => col.forEach((x, j) => x.type === 'image' && named.push([`blocks.${i}.columns.${c}.${j}.media_id`, x.media_id])));
  });
  if (social) named.push(['social_image_id', social]);
  if (!named.length) return;
  const found = await imageFiles(tx, tenantId, named.map(([, id]) => id));
  const errors = Object.fromEntries(named.filter(([, id]) => !found.has(id)).map(([field]) => [field, [IMAGE_INVALID]]));
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

const SLUG_TAKEN = 'A page with this slug already exists.';

/** The company's public name in page addresses (tenants.slug), read under the tenant's own row policy. */
export async function companySlug(tx: Tx, tenantId: number): Promise<string> {
  const [row] = await tx.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.slug ?? String(tenantId);
}
export const publicPath = (company: string, page: string) => `/p/${encodeURIComponent(company)}/${encodeURIComponent(page)}`;

/** The page's saved draft as a new revision; the oldest beyond REVISIONS_KEPT go, in the same statement's transaction. */
async function keepRevision(tx: Tx, tenantId: number, pageId: number, reason: 'saved' | 'restored' | 'published', authorId: number | null) {
  await tx.execute(sql`
    insert into ${r} (tenant_id, page_id, reason, title, slug, blocks, seo_title, seo_description, social_image_id, author_id)
    select tenant_id, id, ${reason}, title, slug, blocks, seo_title, seo_description, social_image_id, ${authorId}
      from ${p} where tenant_id = ${tenantId} and id = ${pageId}`);
  await tx.execute(sql`
    delete from ${r} where tenant_id = ${tenantId} and page_id = ${pageId}
       and id < (select id from ${r} where tenant_id = ${tenantId} and page_id = ${pageId} order by id desc offset ${REVISIONS_KEPT - 1} limit 1)`);
}

/**
 * CMS pages (SPEC §7 CMS pages): POST /cms/pages/store, GET /cms/pages/json (search on the
 * title, `status` filter, sort), GET /cms/pages/get-page/{id}, PUT /cms/pages/update/{id},
 * DELETE /cms/pages/delete/{id}. A save writes the draft (rich text cleaned, slug made from the
 * title when none is given) and keeps it as a revision; the status changes only by publish,
 * unpublish and schedule (pages.publish).
 */
export const pageResource = defineResource({
  label: 'Page',
  singular: 'page',
  base: '/cms/pages',
  table: p,
  fields: answerFields<CmsPageRow, 'public_url'>()({
    id: p.id,
    title: p.title,
    slug: p.slug,
    status: effectiveStatus as SQL<PageStatus>,
    publish_at: sql<string | null>`case when ${p.publishAt} is null then null else ${ts(p.publishAt)} end`,
    published_at: sql<string | null>`case when ${p.publishedAt} is null then null else ${ts(p.publishedAt)} end`,
    blocks: p.blocks,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    social_image_id: p.socialImageId,
    has_unpublished_changes: sql<boolean>`(${p.status} <> 'draft' and ${p.published} is distinct from ${draftSnapshot})`,
    author_id: p.createdBy,
    author_name: sql<string | null>`(select u.name from users u where u.id = ${qualified(p.createdBy)})`,
    created_at: ts(p.createdAt),
    updated_at: ts(p.updatedAt),
  }),
  columns: { status: p.status, created_at: p.createdAt, updated_at: p.updatedAt, created_by: p.createdBy, updated_by: p.updatedBy, publish_at: p.publishAt },
  create: pageSchema,
  update: partialUpdate(pageSchema),
  searchable: ['title'],
  sortable: ['title', 'updated_at', 'created_at'],
  defaultSort: ['updated_at', 'desc'],
  export: false,
  access: { view: 'pages.view', create: 'pages.create', update: 'pages.update', delete: 'pages.delete' },
  unique: [{ constraint: 'cms_pages_slug_unique', field: 'slug', message: SLUG_TAKEN }],
  // `status=draft|published|scheduled`: as a visitor sees it (a scheduled page whose time came is published)
  scope: (req) => {
    const { status } = validate(pageListFilterSchema, { status: (req.query as Record<string, unknown> | undefined)?.status || undefined });
    if (!status) return undefined;
    if (status === 'published') return isPublic;
    if (status === 'scheduled') return sql`(${p.status} = 'scheduled' and ${p.publishAt} > now())`;
    return eq(p.status, 'draft');
  },
  beforeWrite: async (tx, req, input, current) => {
    const extra: Row = { updated_by: req.user!.id };
    if (!current) extra.created_by = req.user!.id;
    if (Array.isArray(input.blocks)) {
      const blocks = input.blocks as Block[];
      checkBlockIds(blocks);
      extra.blocks = cleanBlocks(blocks);
    }
    await checkImages(tx, req.tenant!.id, Array.isArray(input.blocks) ? (input.blocks as Block[]) : [], input.social_image_id as number | null | undefined);
    // the slug: as written, else kept (update), else made from the title
    if (input.slug === null || (!current && input.slug === undefined)) {
      const slug = pageSlug(String(input.title ?? current?.title ?? ''));
      if (!slug) throw fieldError('slug', 'The slug field is required: the title has no letters or numbers to make one from.');
      extra.slug = slug;
    }
    return extra;
  },
  afterWrite: async (tx, req, record) => {
    await keepRevision(tx, req.tenant!.id, record.id as number, 'saved', req.user!.id);
  },
  attach: async (tx, req, rows) => {
    const company = await companySlug(tx, req.tenant!.id);
    for (const row of rows) row.public_url = publicPath(company, row.slug as string);
  },
});

const revisionParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/), revision: z.string().regex(/^[1-9]\d{0,15}$/) });
const idParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

function pageId(req: FastifyRequest): number {
  const parsed = idParams.safeParse(req.params);
  if (!parsed.success) throw notFound('Page');
  return Number(parsed.data.id);
}

/** One page of the tenant, locked for a change of its status or draft; 404 when it is not the company's. */
async function lockPage(tx: Tx, tenantId: number, id: number) {
  const [row] = await rows<{ id: number; status: string }>(tx, sql`select id, status from ${p} where tenant_id = ${tenantId} and id = ${id} for update`);
  if (!row) throw notFound('Page');
  return row;
}

/** The revisions of a page, newest first (GET /cms/pages/{id}/revisions). */
async function revisions(tx: Tx, tenantId: number, id: number): Promise<CmsPageRevisionRow[]> {
  return rows<CmsPageRevisionRow>(
    tx,
    sql`select r.id::int as id, r.title, r.slug, r.reason, r.author_id::int as author_id,
               (select u.name from users u where u.id = r.author_id) as author_name,
               ${ts(sql`r.created_at`)} as created_at, jsonb_array_length(r.blocks)::int as blocks_count
          from ${r} r where r.tenant_id = ${tenantId} and r.page_id = ${id}
         order by r.id desc limit ${REVISIONS_KEPT}`,
  );
}

/** Sets a page's public state in one statement; the answer is the page as the list shows it. */
async function setPublicState(req: FastifyRequest, id: number, set: SQL, message: string) {
  const tenantId = req.tenant!.id;
  await req.tenantTx(async (tx) => {
    await lockPage(tx, tenantId, id);
    await tx.execute(sql`update ${p} set ${set}, updated_at = now(), updated_by = ${req.user!.id} where tenant_id = ${tenantId} and id = ${id}`);
  });
  const { data } = await pageResource.get(req);
  return { message, data };
}

/** Revisions, restore, publish, unpublish and schedule. */
export function pageActionRoutes(app: FastifyInstance) {
  app.get('/cms/pages/:id/revisions', { config: { access: 'pages.view' } }, async (req) => {
    const id = pageId(req);
    const tenantId = req.tenant!.id;
    // two statements: a transaction of its own (tenantRead takes one)
    const data = await req.tenantTx(async (tx) => {
      const [found] = await rows(tx, sql`select 1 from ${p} where tenant_id = ${tenantId} and id = ${id}`);
      if (!found) throw notFound('Page');
      return revisions(tx, tenantId, id);
    });
    return { data };
  });

  // the revision's title, slug, blocks and SEO fields become the draft again (kept as a revision of its own); the public page is untouched until published
  app.post('/cms/pages/:id/revisions/:revision/restore', { config: { access: 'pages.update' } }, async (req) => {
    const parsed = revisionParams.safeParse(req.params);
    if (!parsed.success) throw notFound('Revision');
    const id = Number(parsed.data.id);
    const revision = Number(parsed.data.revision);
    const tenantId = req.tenant!.id;
    await req
      .tenantTx(async (tx) => {
        await lockPage(tx, tenantId, id);
        const updated = await rows(
          tx,
          sql`update ${p} set title = v.title, slug = v.slug, blocks = v.blocks, seo_title = v.seo_title, seo_description = v.seo_description,
                     social_image_id = v.social_image_id, updated_at = now(), updated_by = ${req.user!.id}
                from ${r} v
               where ${p}.tenant_id = ${tenantId} and ${p}.id = ${id} and v.tenant_id = ${tenantId} and v.page_id = ${id} and v.id = ${revision}
           returning ${p}.id`,
        );
        if (!updated.length) throw notFound('Revision');
        await keepRevision(tx, tenantId, id, 'restored', req.user!.id);
      })
      .catch((err: { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }) => {
        const pg = err.cause?.code ? err.cause : err;
        if (pg.code === '23505' && pg.constraint === 'cms_pages_slug_unique') {
          throw new ValidationError({ slug: ['Another page now uses this revision\u2019s slug: change that page\u2019s slug first.'] });
        }
        throw err;
      });
    const { data } = await pageResource.get(req);
    return { message: 'Revision restored successfully.', data };
  });

  // what the draft is now becomes public at once
  app.post('/cms/pages/:id/publish', { config: { access: 'pages.publish' } }, async (req) => {
    const id = pageId(req);
    return setPublicState(
      req,
      id,
      sql`status = 'published', published = ${draftSnapshot}, published_at = now(), publish_at = null`,
      'Page published successfully.',
    );
  });

  app.post('/cms/pages/:id/unpublish', { config: { access: 'pages.publish' } }, async (req) => {
    const id = pageId(req);
    return setPublicState(req, id, sql`status = 'draft', published = null, published_at = null, publish_at = null`, 'Page unpublished successfully.');
  });

  // what the draft is now becomes public at `publish_at` (the public view compares the time itself)
  app.post('/cms/pages/:id/schedule', { config: { access: 'pages.publish' } }, async (req) => {
    const id = pageId(req);
    const input = validate(scheduleSchema, req.body);
    const at = new Date(input.publish_at).toISOString();
    return setPublicState(
      req,
      id,
      sql`status = 'scheduled', published = ${draftSnapshot}, publish_at = ${at}::timestamptz, published_at = ${at}::timestamptz`,
      `Page scheduled for ${at.slice(0, 16).replace('T', ' ')} UTC.`,
    );
  });
}

export type { PublishedPage };
