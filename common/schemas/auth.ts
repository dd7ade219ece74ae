import { z } from 'zod';
import { findCountry } from '../countries.js';

const email = z.string().trim().toLowerCase().min(1).max(255).pipe(z.email());
const password = z.string().min(8).max(200);
const confirmed = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
  }
};
/** The confirmation is compared even when other fields failed, so a form shows every error at once. */
const bothPasswords = { when: ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) => !issues.some((i) => ['password', 'password_confirmation'].includes(String(i.path?.[0]))) };

export const loginSchema = z.object({
  email,
  password: z.string().min(1).max(200),
  remember: z.union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')]).optional(),
});

const registerFields = z.object({
  name: z.string().trim().min(1).max(255),
  email,
  password,
  password_confirmation: z.string().max(200),
  company_name: z.string().trim().min(1).max(255),
  /**
   * Where the company is (ISO 3166-1 alpha-2, common/countries.ts): its books' default currency,
   * its timezone and its phone country follow. The page always sends it; left out (an API
   * client), the company starts in USD and UTC as before.
   */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || findCountry(v) !== undefined, 'The selected country is invalid.')
    .nullish()
    .transform((v) => v || null),
  });

export const registerSchema = registerFields.superRefine(confirmed, bothPasswords);

/**
 * The registration page's check: the same, with the country required (a new company must say
 * where it is), checked with the other fields so every error shows at once.
 */
export const registerFormSchema = registerFields
  .extend({ country: z.string().trim().min(1, 'The country field is required.').refine((v) => findCountry(v) !== undefined, 'The selected country is invalid.') })
  .superRefine(confirmed, bothPasswords);

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    email,
    password,
    password_confirmation: z.string().max(200),
  })
  .superRefine(confirmed);

export const confirmPasswordSchema = z.object({ password: z.string().min(1).max(200) });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
