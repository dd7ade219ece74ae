import { z } from 'zod';

/** POST /email/templates/{id}/send-test: the saved template, rendered for a contact (or the sample contact), to one address. */
export const emailTemplateTestSchema = z
  .object({
    email: z.string({ error: 'The email is required.' }).trim().toLowerCase().min(1, 'The email is required.').email('The email must be an email address.').max(254),
    contact_id: z.coerce.number().int().positive().nullish(),
  })
  .strict();
export type EmailTemplateTestInput = z.input<typeof emailTemplateTestSchema>;
