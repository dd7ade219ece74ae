import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SmsSettings } from '../../../common/answers/sms.js';
import { rows, type Tx } from '../../db/client.js';
import { validate } from '../../http/validate.js';
import { DEFAULT_SMS_RULES } from './channel.js';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour).');

export const settingsSchema = z
  .object({
    quiet_hours_enabled: z.boolean(),
    quiet_start: time,
    quiet_end: time,
    pause_error_rate: z.coerce.number().int().min(1, 'The pause threshold must be between 1 and 100 per cent.').max(100, 'The pause threshold must be between 1 and 100 per cent.'),
    pause_min_sample: z.coerce.number().int().min(10, 'Judge at least 10 answers before pausing.').max(1_000_000),
    sender_ids: z
      .array(z.string().trim().regex(/^(?=.*[A-Za-z])[A-Za-z0-9 ._-]{1,11}$|^\+?\d{3,15}$/, 'A sender ID is up to 11 letters and digits, or a short code.'))
      .max(20)
      .default([]),
  })
  .strict()
  .refine((v) => !v.quiet_hours_enabled || v.quiet_start !== v.quiet_end, { path: ['quiet_end'], message: 'Quiet hours must end at another time than they start.' });

/** The company's sending rules, or the defaults before its first save (the configured sender ID offered). */
export async function readSettings(tx: Tx, tenantId: number, fallbackSender: string | null = null): Promise<SmsSettings> {
  const [r] = await rows<SmsSettings>(
    tx,
    sql`select quiet_hours_enabled, quiet_start, quiet_end, pause_error_rate, pause_min_sample, sender_ids from sms_settings where tenant_id = ${tenantId}`,
  );
  if (r) return { ...r, pause_error_rate: Number(r.pause_error_rate), pause_min_sample: Number(r.pause_min_sample) };
  return { ...DEFAULT_SMS_RULES, sender_ids: fallbackSender ? [fallbackSender] : [] };
}

export function smsSettingsRoutes(app: FastifyInstance) {
  const fallback = app.ctx.config.sms.africastalking?.senderId ?? null;
  app.get('/sms/settings', { config: { access: 'sms.view' } }, async (req) => ({ data: await req.tenantTx((tx) => readSettings(tx, req.tenant!.id, fallback)) }));

  app.put('/sms/settings', { config: { access: 'sms.update' } }, async (req) => {
    const v = validate(settingsSchema, req.body ?? {});
    const senders = [...new Set(v.sender_ids)];
    const data = await req.tenantTx(async (tx) => {
      await tx.execute(
        sql`insert into sms_settings (tenant_id, quiet_hours_enabled, quiet_start, quiet_end, pause_error_rate, pause_min_sample, sender_ids)
            values (${req.tenant!.id}, ${v.quiet_hours_enabled}, ${v.quiet_start}, ${v.quiet_end}, ${v.pause_error_rate}, ${v.pause_min_sample}, ${JSON.stringify(senders)}::jsonb)
            on conflict (tenant_id) do update set quiet_hours_enabled = excluded.quiet_hours_enabled, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,
              pause_error_rate = excluded.pause_error_rate, pause_min_sample = excluded.pause_min_sample, sender_ids = excluded.sender_ids, updated_at = now()`,
      );
      return readSettings(tx, req.tenant!.id, fallback);
    });
    return { message: 'Sending rules saved', data };
  });
}
