import { bigint, boolean, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';

/**
 * The company's longer settings (docs/decisions/0047): the default meta of its public pages and
 * its own terms. One row per company. What every request needs (name, logos, time zone, brand
 * colour) lives in tenants.settings instead, read with the session; these are read only by
 * the pages, public pages and documents that show them.
 */
export const companyProfiles = tenantTable(
  'company_profiles',
  {
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    socialImageId: bigint('social_image_id', { mode: 'number' }),
    allowIndexing: boolean('allow_indexing').notNull().default(true),
    terms: text('terms'),
    termsUpdatedAt: timestamp('terms_updated_at', { withTimezone: true, mode: 'string' }),
    termsOnDocuments: boolean('terms_on_documents').notNull().default(true),
    termsOnPublicPages: boolean('terms_on_public_pages').notNull().default(true),
  },
  (t) => [uniqueIndex('company_profiles_tenant_unique').on(t.tenantId)],
);
