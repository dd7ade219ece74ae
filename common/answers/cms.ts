import type { Block, PageStatus } from '../schemas/cms.js';

// What the CMS page endpoints answer (decision 0017; SPEC §7 CMS pages). Times are ISO 8601 UTC.

/** A page as GET /cms/pages/json and /cms/pages/get-page/{id} answer it. */
export type CmsPageRow = {
  id: number;
  title: string;
  slug: string;
  /** what a visitor sees: a scheduled page whose time has come answers `published` */
  status: PageStatus;
  publish_at: string | null;
  published_at: string | null;
  /** the draft */
  blocks: Block[];
  seo_title: string | null;
  seo_description: string | null;
  social_image_id: number | null;
  /** the draft differs from what is (or will be) public */
  has_unpublished_changes: boolean;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
  updated_at: string;
  /** the public address, `/p/{company}/{page}` */
  public_url: string;
};

/** One saved version of a page's draft (GET /cms/pages/{id}/revisions). */
export type CmsPageRevisionRow = {
  id: number;
  title: string;
  slug: string;
  /** why it was kept: a save, a restore, a publish */
  reason: 'saved' | 'restored' | 'published';
  author_id: number | null;
  author_name: string | null;
  created_at: string;
  blocks_count: number;
};
