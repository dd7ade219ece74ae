import { z } from 'zod';

/** Profile/Edit: the same schema validates the form in the browser and the request on the server. */
export const profileSchema = z.object({
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().toLowerCase().min(1).max(255).pipe(z.email()),
});

export const passwordUpdateSchema = z
  .object({
    current_password: z.string().min(1).max(200),
    password: z.string().min(8).max(200),
    password_confirmation: z.string().max(200),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
    }
  });

export type ProfileInput = z.infer<typeof profileSchema>;
export type PasswordUpdateInput = z.infer<typeof passwordUpdateSchema>;
