import { z } from 'zod';
import { isDecimal, toUnits } from '../money.js';

/**
 * Field schemas shared by many forms. Amounts travel as decimal strings (JSON numbers
 * are accepted and turned into their decimal text) and are never floats on the server.
 */
export function decimal(opts: { label?: string; min?: 'positive' | 'zero' | 'any'; scale?: number } = {}) {
  const label = opts.label ?? 'amount';
  const scale = opts.scale ?? 4;
  return z
    .union([z.number(), z.string()], { error: `The ${label} field must be a number.` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => v !== '' && isDecimal(v) && v.replace(/^[+-]/, '').split('.')[0].replace(/^0+/, '').length <= 15, {
      error: `The ${label} field must be a number.`,
    })
    .refine((v) => !isDecimal(v) || toUnits(v, scale) === toUnits(v, 12) / 10n ** BigInt(12 - scale), {
      error: `The ${label} field must have at most ${scale} decimal places.`,
    })
    .refine(
      (v) => {
        if (!isDecimal(v)) return true;
        const n = toUnits(v, scale);
        return opts.min === 'any' ? true : opts.min === 'zero' ? n >= 0n : n > 0n;
      },
      { error: opts.min === 'zero' ? `The ${label} field must be at least 0.` : `The ${label} field must be greater than 0.` },
    );
}

/** A calendar date, YYYY-MM-DD, that exists. */
export const isoDate = (label = 'date') =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} field must match the format Y-m-d.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `The ${label} field must be a valid date.`);

/** A tenant record id (positive bigint that fits a JS number). */
export const recordId = (label: string) =>
  z.coerce
    .number({ error: `The selected ${label} is invalid.` })
    .int({ error: `The selected ${label} is invalid.` })
    .min(1, { error: `The selected ${label} is invalid.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `The selected ${label} is invalid.` });

/** Optional text: '' and null become null. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));

export const currencyCode = () =>
  z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency code must be a 3-letter ISO code.');
