import { z } from 'zod';

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

/** POST /quotes/request: a visitor's request for a quote (Quotes/Request, docs/decisions/0047). */
export const quoteRequestSchema = z.object({
  company: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1, 'Your name is required.').max(120, 'Must be at most 120 characters.'),
  email: z.string().trim().min(1, 'Your e-mail address is required.').max(190).email('Enter a valid e-mail address.'),
  phone: optional(40),
  organisation: optional(190),
  items: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Say what you need.').max(190, 'Must be at most 190 characters.'),
        quantity: z.coerce.number({ error: 'Enter a number.' }).positive('Must be more than 0.').max(1_000_000, 'Must be at most 1,000,000.'),
      }),
    )
    .max(20, 'At most 20 lines.')
    .default([]),
  message: z.string().trim().min(10, 'Tell us a little more (at least 10 characters).').max(5000, 'Must be at most 5000 characters.'),
  /** the honeypot: a field people never see; bots fill it */
  website: z.string().max(500).optional(),
  /** the signed time the form was shown (server/modules/quotes) */
  form_token: z.string().max(300).default(''),
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** A human takes at least this long to fill the form; faster is a script. */
export const QUOTE_MIN_SECONDS = 3;
/** A form older than this is stale (reload it). */
export const QUOTE_MAX_AGE_SECONDS = 24 * 60 * 60;
