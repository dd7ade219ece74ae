import { z } from 'zod';

/** The longest SMS text a company may keep or send: ten GSM-7 parts' worth. */
export const SMS_BODY_MAX = 1600;
export const SMS_TEMPLATE_NAME_MAX = 100;

/** POST /sms/templates/store and PUT /sms/templates/update/{id} (every field optional on update). */
export const smsTemplateSchema = z.object({
  name: z.string().trim().min(1).max(SMS_TEMPLATE_NAME_MAX),
  body: z.string().trim().min(1).max(SMS_BODY_MAX),
});
export type SmsTemplateInput = z.input<typeof smsTemplateSchema>;

/** POST /sms/templates/preview: a text (saved or not) rendered for a contact, or for a sample contact. */
export const smsTemplatePreviewSchema = z.object({
  body: z.string().max(SMS_BODY_MAX),
  contact_id: z.coerce.number().int().positive().nullish(),
});
export type SmsTemplatePreviewInput = z.input<typeof smsTemplatePreviewSchema>;
