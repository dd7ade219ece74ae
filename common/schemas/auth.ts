import { z } from 'zod';

const email = z.string().trim().toLowerCase().min(1).max(255).pipe(z.email());
const password = z.string().min(8).max(200);
const confirmed = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
  }
};

export const loginSchema = z.object({
  email,
  password: z.string().min(1).max(200),
  remember: z.union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')]).optional(),
});

export const registerSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    email,
    password,
    password_confirmation: z.string().max(200),
    company_name: z.string().trim().min(1).max(255),
  })
  .superRefine(confirmed);

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
