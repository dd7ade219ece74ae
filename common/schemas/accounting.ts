import { z } from 'zod';

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
