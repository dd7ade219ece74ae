import { and, eq, sql } from 'drizzle-orm';
import type { CompanyGeneralInput, companyGeneralSchema, companySeoSchema, companyTermsSchema } from '../../../common/company.js';
import { themeOf, type Theme } from '../../../common/company.js';
import { rows, type Tx } from '../../db/client.js';
import { tenants, type TenantSettings } from '../../db/tenant-table.js';
import { fieldError, ValidationError, type FieldErrors } from '../../http/errors.js';
import { currencies } from '../accounting/schema.js';
import { makeDefaultCurrency } from '../accounting-settings/currencies.js';
import { findMediaFile } from '../media/index.js';
import { companyProfiles } from './schema.js';
import type { z } from 'zod';

/** The public address of a company logo: served from the media library by the company's id, the file's id making each choice a new address for caches. */
export const companyLogoUrl = (tenantId: number, which: 'light' | 'dark', fileId: number | null | undefined) =>
  fileId ? `/company/logo/${tenantId}/${which}?v=${fileId}` : null;

export interface CompanyGeneral {
  name: string;
  legal_name: string | null;
  slug: string;
  timezone: string;
  country: string;
  currency: string;
  email: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  logo_light_id: number | null;
  logo_dark_id: number | null;
  logo_light: string | null;
  logo_dark: string | null;
}

async function tenantRow(tx: Tx, tenantId: number) {
  const [t] = await tx.select({ name: tenants.name, slug: tenants.slug, timezone: tenants.timezone, settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId));
  return t;
}

export async function readGeneral(tx: Tx, tenantId: number): Promise<CompanyGeneral> {
  const t = await tenantRow(tx, tenantId);
  const s = t.settings;
  const [cur] = await tx.select({ code: currencies.code }).from(currencies).where(and(eq(currencies.tenantId, tenantId), eq(currencies.isDefault, true)));
  return {
    name: s.name || t.name,
    legal_name: s.legal_name ?? null,
    slug: t.slug ?? '',
    timezone: t.timezone,
    country: s.country ?? 'ZZ',
    currency: cur?.code ?? s.currency ?? 'USD',
    email: s.email ?? null,
    phone: s.phone ?? null,
    street: s.street ?? null,
    city: s.city ?? null,
    province: s.province ?? null,
    postal_code: s.postal_code ?? null,
    logo_light_id: s.logo_light_id ?? null,
    logo_dark_id: s.logo_dark_id ?? null,
    logo_light: s.logo_light ?? null,
    logo_dark: s.logo_dark ?? null,
  };
}

/** A chosen logo must be an image of this company's media library. */
async function checkLogo(tx: Tx, tenantId: number, id: number | null, field: string, errors: FieldErrors) {
  if (!id) return;
  const file = await findMediaFile(tx, tenantId, id).catch(() => null);
  if (!file) errors[field] = ['The selected file is not in the media library.'];
  else if (file.kind !== 'image') errors[field] = ['The logo must be an image.'];
}

/**
 * Saves the General section: the name (tenants.name and settings.name), the public slug (unique
 * across companies: the unique index decides, in a savepoint), the time zone, the default
 * currency (made the books' default, as Settings/Accounting/Defaults does), the address and logos.
 */
export async function saveGeneral(tx: Tx, tenantId: number, input: z.output<typeof companyGeneralSchema>): Promise<CompanyGeneral> {
  const errors: FieldErrors = {};
  await checkLogo(tx, tenantId, input.logo_light_id, 'logo_light_id', errors);
  await checkLogo(tx, tenantId, input.logo_dark_id, 'logo_dark_id', errors);
  const [cur] = await tx.select({ code: currencies.code }).from(currencies).where(and(eq(currencies.tenantId, tenantId), eq(currencies.code, input.currency)));
  if (!cur) errors.currency = ['Add this currency in Settings › Accounting › Currencies first.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const t = await tenantRow(tx, tenantId);
  if (input.slug !== t.slug) {
    const taken = await tx
      .transaction(async (sp) => {
        await sp.update(tenants).set({ slug: input.slug }).where(eq(tenants.id, tenantId));
        return false;
      })
      .catch((err: { code?: string; cause?: { code?: string } }) => {
        if ((err.cause?.code ?? err.code) === '23505') return true;
        throw err;
      });
    if (taken) throw fieldError('slug', 'This address is already taken by another company.');
  }
  await makeDefaultCurrency(tx, tenantId, input.currency, 'currency');
  const settings: TenantSettings = {
    ...t.settings,
    name: input.name,
    legal_name: input.legal_name,
    country: input.country,
    currency: input.currency,
    email: input.email,
    phone: input.phone,
    street: input.street,
    city: input.city,
    province: input.province,
    postal_code: input.postal_code,
    logo_light_id: input.logo_light_id,
    logo_dark_id: input.logo_dark_id,
    logo_light: companyLogoUrl(tenantId, 'light', input.logo_light_id),
    logo_dark: companyLogoUrl(tenantId, 'dark', input.logo_dark_id),
  };
  await tx.update(tenants).set({ name: input.name, timezone: input.timezone, settings, updatedAt: sql`now()` }).where(eq(tenants.id, tenantId));
  return readGeneral(tx, tenantId);
}

export type CompanyProfile = {
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  social_image_id: number | null;
  allow_indexing: boolean;
  terms: string | null;
  terms_updated_at: string | null;
  show_on_documents: boolean;
  show_on_public_pages: boolean;
};

const EMPTY_PROFILE: CompanyProfile = {
  meta_title: null,
  meta_description: null,
  meta_keywords: null,
  social_image_id: null,
  allow_indexing: true,
  terms: null,
  terms_updated_at: null,
  show_on_documents: true,
  show_on_public_pages: true,
};

export async function readProfile(tx: Tx, tenantId: number): Promise<CompanyProfile> {
  const [p] = await rows<CompanyProfile>(
    tx,
    sql`select meta_title, meta_description, meta_keywords, social_image_id::int as social_image_id, allow_indexing, terms, terms_updated_at,
               terms_on_documents as show_on_documents, terms_on_public_pages as show_on_public_pages
          from company_profiles where tenant_id = ${tenantId}`,
  );
  return p ?? EMPTY_PROFILE;
}

async function upsertProfile(tx: Tx, tenantId: number, values: Partial<typeof companyProfiles.$inferInsert>) {
  await tx
    .insert(companyProfiles)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: companyProfiles.tenantId, set: { ...values, updatedAt: sql`now()` } });
}

export async function saveSeo(tx: Tx, tenantId: number, input: z.output<typeof companySeoSchema>) {
  const errors: FieldErrors = {};
  await checkLogo(tx, tenantId, input.social_image_id, 'social_image_id', errors);
  if (errors.social_image_id) errors.social_image_id = errors.social_image_id.map((m) => m.replace('The logo', 'The social image'));
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await upsertProfile(tx, tenantId, {
    metaTitle: input.meta_title,
    metaDescription: input.meta_description,
    metaKeywords: input.meta_keywords,
    socialImageId: input.social_image_id,
    allowIndexing: input.allow_indexing,
  });
  return readProfile(tx, tenantId);
}

export async function saveTerms(tx: Tx, tenantId: number, input: z.output<typeof companyTermsSchema>) {
  const before = await readProfile(tx, tenantId);
  await upsertProfile(tx, tenantId, {
    terms: input.terms,
    termsOnDocuments: input.show_on_documents,
    termsOnPublicPages: input.show_on_public_pages,
    // the date readers see moves only when the words change
    ...(before.terms !== input.terms ? { termsUpdatedAt: sql`now()` as unknown as string } : {}),
  });
  return readProfile(tx, tenantId);
}

export async function readTheme(tx: Tx, tenantId: number): Promise<{ brand_color: string | null; theme: Theme }> {
  const t = await tenantRow(tx, tenantId);
  const colour = t.settings.brand_color ?? null;
  return { brand_color: colour, theme: themeOf(colour) };
}

export async function saveTheme(tx: Tx, tenantId: number, colour: string) {
  const t = await tenantRow(tx, tenantId);
  await tx
    .update(tenants)
    .set({ settings: { ...t.settings, brand_color: colour }, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
  return readTheme(tx, tenantId);
}

export type { CompanyGeneralInput };
