import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows, type Tx } from '../../db/client.js';
import { tenants } from '../../db/tenant-table.js';
import type { DemoCompany } from '../kazi-module.js';
import { addUsage, mediaStorage } from '../media/service.js';
import { companyLogoUrl } from './service.js';
import { companyProfiles } from './schema.js';

export const DEMO_BRAND_COLOUR = '#0F766E';

const DEMO_TERMS = `1. Quotes are valid for 30 days from the date they are issued.
2. Invoices are payable within 14 days. Late payments may carry interest at 1.5% a month.
3. Goods remain our property until paid for in full.
4. Work outside the agreed scope is quoted and billed separately.
5. Either party may end an ongoing service with 30 days' written notice.
6. These terms are governed by the laws of Kenya.`;

/** A logo drawn at seed time (no binary fixture): the initials on the brand colour, or white ones for dark surfaces. */
async function logo(fg: string, bg: string | null): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120">
    ${bg ? `<rect width="120" height="120" rx="24" fill="${bg}"/>` : `<rect width="120" height="120" rx="24" fill="none" stroke="${fg}" stroke-width="8"/>`}
    <text x="60" y="80" text-anchor="middle" font-family="sans-serif" font-size="56" font-weight="700" fill="${bg ? '#ffffff' : fg}">AC</text>
    <text x="144" y="80" font-family="sans-serif" font-size="52" font-weight="700" fill="${fg}">Acme</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo company's own settings: a brand colour, its logos (light and dark, drawn into the
 * media library's Brand folder), its legal name, address, SEO meta and terms. Without the app's
 * configuration (bare tests) there is nowhere to put logo bytes: the rest is still set.
 */
export async function seedDemoCompanySettings(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const ids: { light: number | null; dark: number | null } = { light: null, dark: null };
  if (demo.config) {
    const storage = mediaStorage(demo.config);
    const [brand] = await rows<{ id: number }>(tx, sql`select id from media_folders where tenant_id = ${t} and name = 'Brand' and parent_id is null limit 1`);
    let total = 0;
    for (const which of ['light', 'dark'] as const) {
      const bytes = await logo(which === 'light' ? DEMO_BRAND_COLOUR : '#FFFFFF', which === 'light' ? DEMO_BRAND_COLOUR : null);
      const key = `${t}/${randomBytes(16).toString('hex')}/original.png`;
      await storage.put(key, bytes, { contentType: 'image/png' });
      total += bytes.length;
      const [made] = await rows<{ id: number }>(
        tx,
        sql`insert into media_files (tenant_id, folder_id, display_name, original_name, mime, kind, size, width, height, storage_key, variants, variants_state, stored_bytes, created_by)
            values (${t}, ${brand?.id ?? null}, ${`Logo (${which})`}, ${`logo-${which}.png`}, 'image/png', 'image', ${bytes.length}, 480, 120, ${key}, '{}'::jsonb, 'none', ${bytes.length}, ${demo.ownerId})
            returning id::int as id`,
      );
      ids[which] = made.id;
    }
    await addUsage(tx, t, total);
  }
  const [row] = await tx.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, t));
  await tx
    .update(tenants)
    .set({
      settings: {
        ...row.settings,
        legal_name: `${row.settings.name} Limited`,
        email: 'hello@acme.example',
        phone: '+254 20 765 4321',
        street: 'Kenyatta Avenue 12',
        city: 'Nairobi',
        province: 'Nairobi County',
        postal_code: '00100',
        brand_color: DEMO_BRAND_COLOUR,
        logo_light_id: ids.light,
        logo_dark_id: ids.dark,
        logo_light: companyLogoUrl(t, 'light', ids.light),
        logo_dark: companyLogoUrl(t, 'dark', ids.dark),
      },
    })
    .where(eq(tenants.id, t));
  await tx.insert(companyProfiles).values({
    tenantId: t,
    metaTitle: `${row.settings.name} — accounting, outreach and events`,
    metaDescription: 'News, events and services from our team in Nairobi. Ask us for a quote online.',
    metaKeywords: 'nairobi, events, outreach',
    terms: DEMO_TERMS,
    termsUpdatedAt: demo.today.toISOString(),
  });
}
