import { z } from 'zod';
import { COUNTRIES, OTHER_COUNTRY } from './countries.js';

/**
 * The company's own settings (Settings/Company pages, docs/decisions/0047): the shapes the pages
 * validate with and the server checks again, and the colour arithmetic of the Theme page.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Every IANA zone the runtime knows, plus UTC (which `supportedValuesOf` may leave out). */
export function timezones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
export function isTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
const COUNTRY_CODES = new Set([...COUNTRIES.map((c) => c.code), OTHER_COUNTRY.code]);

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Settings/Company/Index: POST /settings/company/update */
export const companyGeneralSchema = z.object({
  name: z.string().trim().min(1, 'The display name is required.').max(120, 'Must be at most 120 characters.'),
  legal_name: text(190),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(SLUG_PATTERN, 'Use 1 to 60 lower-case letters, digits and dashes, not starting or ending with a dash.'),
  timezone: z.string().trim().refine(isTimezone, 'Choose a valid time zone.'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => COUNTRY_CODES.has(c), 'Choose a country from the list.'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Choose a currency from the list.'),
  email: z
    .string()
    .trim()
    .max(190)
    .email('Enter a valid e-mail address.')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v || null),
  phone: text(40),
  street: text(190),
  city: text(120),
  province: text(120),
  postal_code: text(30),
  logo_light_id: id.nullish().transform((v) => v ?? null),
  logo_dark_id: id.nullish().transform((v) => v ?? null),
});
export type CompanyGeneralInput = z.input<typeof companyGeneralSchema>;

/** Settings/Company/Seo: the meta of the company's public pages when a page gives none of its own. */
export const companySeoSchema = z.object({
  meta_title: text(70),
  meta_description: text(160),
  meta_keywords: text(255),
  social_image_id: id.nullish().transform((v) => v ?? null),
  allow_indexing: z.boolean({ error: 'Say whether search engines may index the pages.' }),
});
export type CompanySeoInput = z.input<typeof companySeoSchema>;

export const TERMS_MAX = 20_000;
/** Settings/Company/Terms: the company's own terms, shown on its public pages and printed on its documents. */
export const companyTermsSchema = z.object({
  terms: text(TERMS_MAX),
  show_on_documents: z.boolean({ error: 'Say whether the terms are printed on documents.' }),
  show_on_public_pages: z.boolean({ error: 'Say whether the terms are shown on public pages.' }),
});
export type CompanyTermsInput = z.input<typeof companyTermsSchema>;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_BRAND_COLOUR = '#4669FA';
/** Settings/Company/Theme */
export const companyThemeSchema = z.object({
  brand_color: z
    .string()
    .trim()
    .regex(HEX_COLOUR, 'Enter a colour as # and six hexadecimal digits, e.g. #4669FA.')
    .transform((v) => v.toUpperCase()),
});
export type CompanyThemeInput = z.input<typeof companyThemeSchema>;

// ---- colour arithmetic (WCAG 2.x relative luminance and contrast ratio)

function channels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

export function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The contrast WCAG AA asks of normal text. */
export const AA_CONTRAST = 4.5;
const WHITE = '#FFFFFF';
const INK = '#0F172A';

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
export function mix(colour: string, amount: number): string {
  const [r, g, b] = channels(colour);
  const to = amount > 0 ? 255 : 0;
  const k = Math.abs(amount);
  return hex(r + (to - r) * k, g + (to - g) * k, b + (to - b) * k);
}

export interface Theme {
  /** the brand colour itself: buttons, links' accents, the PDF's headings, the e-mails' band */
  primary: string;
  /** text and icons drawn on the brand colour: white or ink, whichever reads better */
  on_primary: string;
  /** the brand colour as text on dark surfaces */
  primary_light: string;
  /** the brand colour as text on light surfaces and pale tints */
  primary_strong: string;
  /** contrast of white text on the brand colour (what the buttons show) */
  contrast_white: number;
  /** contrast of the brand colour as text on a white page */
  contrast_page: number;
  /** the warnings the Theme page shows, empty when the colour passes */
  warnings: string[];
}

/**
 * Everything the shell, the public pages, the PDFs and the e-mails take from one brand colour.
 * Text on the colour is white or ink, whichever contrasts more, and the text shades are moved
 * towards black or white until they reach 4.5:1 where they can: a poor colour stays usable,
 * and the page says so.
 */
export function themeOf(colour: string | null | undefined): Theme {
  const primary = colour && HEX_COLOUR.test(colour) ? colour.toUpperCase() : DEFAULT_BRAND_COLOUR;
  const on_primary = contrastRatio(primary, WHITE) >= contrastRatio(primary, INK) ? WHITE : INK;
  // strong sits on white and on pale tints of the brand colour (bg-primary/10 on the page, /25 in
  // places): it must reach 4.5:1 on a 20% tint, which covers both
  const tint = mix(primary, 0.8);
  let strong = primary;
  for (let k = 0.1; contrastRatio(strong, tint) < AA_CONTRAST && k <= 1; k += 0.1) strong = mix(primary, -k);
  let light = primary;
  for (let k = 0.1; contrastRatio(light, '#1E293B') < AA_CONTRAST && k <= 1; k += 0.1) light = mix(primary, k);
  const contrast_white = round(contrastRatio(primary, WHITE));
  const contrast_page = round(contrastRatio(primary, '#F7F8FC'));
  const warnings: string[] = [];
  const best = Math.max(contrastRatio(primary, WHITE), contrastRatio(primary, INK));
  if (best < AA_CONTRAST) {
    warnings.push(`Text on this colour reaches only ${round(best)}:1 contrast; WCAG AA asks for at least 4.5:1. Choose a darker or lighter shade.`);
  }
  if (contrast_page < 3) {
    warnings.push(`This colour reaches only ${contrast_page}:1 against the page background; links and accents in it will be hard to see.`);
  }
  return { primary, on_primary, primary_light: light, primary_strong: strong, contrast_white, contrast_page, warnings };
}

const round = (n: number) => Math.round(n * 100) / 100;
