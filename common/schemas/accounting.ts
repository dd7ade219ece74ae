import { z } from 'zod';
import { decimal, recordId } from './fields.js';

const text = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));

export const CONTACT_TYPES = ['customer', 'vendor'] as const;
export const TAX_TYPES = ['normal', 'inclusive', 'compound', 'fixed', 'withholding'] as const;

/** Customers and vendors (accounting contacts). */
export const contactSchema = z.object({
  type: z.enum(CONTACT_TYPES),
  name: z.string().trim().min(1).max(255),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(255)
    .pipe(z.union([z.literal(''), z.email()]))
    .nullish()
    .transform((v) => v || null),
  phone: text(50),
  tax_number: text(100),
  /** the company's default currency when not given */
  currency_code: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency code must be a 3-letter ISO code.').optional(),
  website: z
    .string()
    .trim()
    .max(255)
    .pipe(z.union([z.literal(''), z.url()]))
    .nullish()
    .transform((v) => v || null),
  address: text(1000),
  city: text(),
  country: text(),
  reference: text(),
  enabled: z.boolean().default(true),
});
export type ContactInput = z.input<typeof contactSchema>;

/** Rates are kept as exact decimals (numeric), never floats. */
export const taxSchema = z.object({
  name: z.string().trim().min(1).max(255),
  rate: z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'The rate field must be a number.')])
    .transform((v) => String(v))
    .refine((v) => Number(v) >= 0 && Number(v) <= 1_000_000, 'The rate field must be between 0 and 1000000.'),
  type: z.enum(TAX_TYPES).default('normal'),
  enabled: z.boolean().default(true),
});
export type TaxInput = z.input<typeof taxSchema>;

/** Optional price: a decimal string ≥ 0 (numbers accepted), or null. */
const price = (label: string) =>
  decimal({ label, min: 'zero' })
    .nullish()
    .transform((v) => v ?? null);

/**
 * Products and services. At least one of the two prices is required: the server checks it
 * against the stored record too, since an update may send only one of them.
 */
export const itemSchema = z.object({
  name: z.string().trim().min(1).max(255),
  description: text(2000),
  sale_price: price('sale price'),
  purchase_price: price('purchase price'),
  /** a category of type item */
  category_id: recordId('category')
    .nullish()
    .transform((v) => v ?? null),
  /** the taxes the item carries by default (stored in item_taxes) */
  tax_ids: z.array(recordId('tax')).max(50).default([]),
  enabled: z.boolean().default(true),
});
export type ItemInput = z.input<typeof itemSchema>;

export const PRICE_REQUIRED = {
  sale_price: 'The sale price field is required when purchase price is not present.',
  purchase_price: 'The purchase price field is required when sale price is not present.',
} as const;
