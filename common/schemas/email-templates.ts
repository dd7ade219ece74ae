import { z } from 'zod';

export const EMAIL_TEMPLATE_NAME_MAX = 120;
export const EMAIL_SUBJECT_MAX = 255;
export const EMAIL_PREHEADER_MAX = 255;
/** The longest MJML source a template may keep: far beyond a long newsletter, short of a database's patience. */
export const EMAIL_MJML_MAX = 500_000;
/** The editor's project data, as JSON text: the same bound, a little more for its bookkeeping. */
export const EMAIL_DESIGN_MAX = 2_000_000;

/** The editor's own project data (GrapesJS's `getProjectData()`): kept as it is, read back by the editor only. */
const design = z
  .record(z.string(), z.unknown())
  .nullable()
  .refine((v) => v === null || JSON.stringify(v).length <= EMAIL_DESIGN_MAX, { message: 'The design is too large to keep.' });

/** POST /email/templates/store and PUT /email/templates/update/{id} (every field optional on update). */
export const emailTemplateSchema = z.object({
  name: z.string().trim().min(1).max(EMAIL_TEMPLATE_NAME_MAX),
  subject: z.string().trim().min(1).max(EMAIL_SUBJECT_MAX),
  preheader: z.string().trim().max(EMAIL_PREHEADER_MAX).nullish(),
  /** the MJML source the editor made (or a person wrote): compiled to HTML by the server on save */
  mjml: z.string().trim().min(1).max(EMAIL_MJML_MAX),
  design: design.optional(),
});
export type EmailTemplateInput = z.input<typeof emailTemplateSchema>;

/** POST /email/templates/preview: a template (saved or being edited) rendered for a contact, or for a sample contact. */
export const emailTemplatePreviewSchema = z.object({
  subject: z.string().max(EMAIL_SUBJECT_MAX).default(''),
  preheader: z.string().max(EMAIL_PREHEADER_MAX).nullish(),
  mjml: z.string().trim().min(1).max(EMAIL_MJML_MAX),
  contact_id: z.coerce.number().int().positive().nullish(),
});
export type EmailTemplatePreviewInput = z.input<typeof emailTemplatePreviewSchema>;
