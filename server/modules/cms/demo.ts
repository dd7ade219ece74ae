import { sql } from 'drizzle-orm';
import type { Block } from '../../../common/schemas/cms.js';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { cleanBlocks } from './pages.js';

const aboutBlocks = (picture: number | null): Block[] => [
  { id: 'intro', type: 'text', html: '<p>Kazi Foundation brings <strong>clean water</strong> and <em>school supplies</em> to communities in Nairobi and Kisumu. Since 2019 our volunteers have built 14 water points with the people who use them.</p>' },
  ...(picture ? [{ id: 'photo', type: 'image', media_id: picture, alt: 'A new water point in Kibera', caption: 'The Kibera water project, opened this year.' } satisfies Block] : []),
  { id: 'how', type: 'heading', level: 2, text: 'How we work' },
  {
    id: 'cols',
    type: 'columns',
    columns: [
      [
        { id: 'c1h', type: 'heading', level: 3, text: 'Listen first' },
        { id: 'c1t', type: 'text', html: '<p>Every project starts with a community meeting: the neighbours choose the site and run the committee.</p>' },
      ],
      [
        { id: 'c2h', type: 'heading', level: 3, text: 'Build together' },
        { id: 'c2t', type: 'text', html: '<ul><li>Local builders and materials</li><li>Training for the repair team</li><li>Open accounts, published each year</li></ul>' },
      ],
    ],
  },
  { id: 'donate', type: 'button', label: 'Support a water point', url: 'mailto:give@kazi.example', style: 'primary' },
];

/**
 * The demo company's CMS: a published "About us" page (rich text, a picture of the media library's
 * demo, a heading, two columns, a button) with its social image, its first revision, and a draft
 * still being written.
 */
export async function seedDemoPages(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const at = new Date(demo.today.getTime() - 5 * 86_400_000).toISOString();
  const [photo] = await rows<{ id: number }>(tx, sql`select id from media_files where tenant_id = ${t} and original_name = 'kibera-water-project.jpg' and kind = 'image' limit 1`);
  const picture = photo ? Number(photo.id) : null;
  const blocks = JSON.stringify(cleanBlocks(aboutBlocks(picture)));
  const [about] = await rows<{ id: number }>(
    tx,
    sql`insert into cms_pages (tenant_id, title, slug, status, blocks, published, published_at, seo_title, seo_description, social_image_id, created_by, updated_by, created_at, updated_at)
        values (${t}, 'About us', 'about-us', 'published', ${blocks}::jsonb,
                jsonb_build_object('title', 'About us', 'seo_title', 'About Kazi Foundation', 'seo_description', 'Clean water and school supplies, built with the communities of Nairobi and Kisumu.', 'social_image_id', ${picture}::bigint, 'blocks', ${blocks}::jsonb),
                ${at}, 'About Kazi Foundation', 'Clean water and school supplies, built with the communities of Nairobi and Kisumu.', ${picture}::bigint, ${demo.ownerId}, ${demo.ownerId}, ${at}, ${at})
        returning id`,
  );
  const draft = JSON.stringify(cleanBlocks([{ id: 'd1', type: 'text', html: '<p>Our 2026 report is on its way: figures, stories and the accounts.</p>' }]));
  const [report] = await rows<{ id: number }>(
    tx,
    sql`insert into cms_pages (tenant_id, title, slug, blocks, created_by, updated_by) values (${t}, 'Annual report 2026', 'annual-report-2026', ${draft}::jsonb, ${demo.ownerId}, ${demo.ownerId}) returning id`,
  );
  await tx.execute(sql`insert into cms_page_revisions (tenant_id, page_id, reason, title, slug, blocks, seo_title, seo_description, social_image_id, author_id, created_at)
    select tenant_id, id, 'saved', title, slug, blocks, seo_title, seo_description, social_image_id, created_by, created_at from cms_pages
     where tenant_id = ${t} and id in (${about.id}, ${report.id})`);
}
