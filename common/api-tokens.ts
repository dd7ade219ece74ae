import { z } from 'zod';
import { isPermission } from './permissions.js';

/** POST /settings/company/tokens/store (docs/decisions/0047). */
export const apiTokenSchema = z.object({
  name: z.string().trim().min(1, 'The name is required.').max(100, 'Must be at most 100 characters.'),
  kind: z.enum(['personal', 'company'], { error: 'Choose personal or company.' }).default('personal'),
  scopes: z
    .array(z.string().refine(isPermission, 'Unknown permission.'), { error: 'Choose at least one permission.' })
    .min(1, 'Choose at least one permission.')
    .max(500),
  /** the last day the token works (YYYY-MM-DD), or null for no expiry */
  expires_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v || null),
});
export type ApiTokenInput = z.input<typeof apiTokenSchema>;

/** A token as the list shows it: never its secret. */
export interface ApiTokenRow {
  id: number;
  name: string;
  kind: 'personal' | 'company';
  hint: string;
  scopes: string[];
  expires_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  created_at: string;
  user_id: number;
  user_name: string | null;
  /** active | expired | revoked */
  status: 'active' | 'expired' | 'revoked';
}
