import { z } from 'zod';

const id = z.coerce
  .number({ error: 'The selected role is invalid.' })
  .int({ error: 'The selected role is invalid.' })
  .min(1, { error: 'The selected role is invalid.' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'The selected role is invalid.' });
const email = z.string().trim().toLowerCase().min(1).max(255).pipe(z.email());

/** POST /users/invite */
export const inviteSchema = z.object({ email, role_id: id });
export type InviteInput = z.input<typeof inviteSchema>;

/** PUT /users/update-role/{id} */
export const updateRoleSchema = z.object({ role_id: id });

/**
 * POST /invitations/{tenant}/{token}. Someone without an account gives a name and a
 * password (confirmed); someone with an account who is not signed in as the invited
 * address gives that account's password; a signed-in invitee sends nothing.
 */
export const acceptInvitationSchema = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  password: z.string().min(1).max(200).optional(),
  password_confirmation: z.string().max(200).optional(),
});
export const NEW_PASSWORD_MIN = 8;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const perPage = (d: number) => z.coerce.number().int().min(1).max(100).default(d);
const search = z
  .string()
  .max(255)
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

export const USER_LOG_SORTS = ['name', 'email', 'last_activity', 'activity_count'] as const;

/** GET /users/logs */
export const userLogsQuerySchema = z.object({
  page,
  per_page: perPage(15),
  sort_by: z.enum(USER_LOG_SORTS).default('name'),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
  search,
});
export type UserLogsQuery = z.infer<typeof userLogsQuerySchema>;

export const TIMELINE_TYPES = ['all', 'actions', 'pages', 'important_pages'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be in the format YYYY-MM-DD.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'The date is not a valid date.');
const optionalDay = z
  .union([z.literal(''), day])
  .optional()
  .transform((v) => v || undefined);

/** GET /users/{userId}/logs/json */
export const timelineQuerySchema = z
  .object({
    page,
    per_page: perPage(20),
    type: z.enum(TIMELINE_TYPES).default('all'),
    search,
    date_from: optionalDay,
    date_to: optionalDay,
  })
  .superRefine((q, ctx) => {
    if (q.date_from && q.date_to && q.date_from > q.date_to) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'The date to must be a date after or equal to date from.' });
    }
  });
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

/** The logs endpoints' paging block (SPEC §3 "Paginated responses for logs"). */
export interface LogsPagination {
  current_page: number;
  total_pages: number;
  per_page: number;
  total: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface UserLogsRow {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  role: { id: number; name: string } | null;
  status: 'active' | 'inactive';
  activity_count: number;
  page_visits: number;
  actions: number;
  last_activity: string | null;
}

export interface TimelineEntry {
  id: number;
  type: 'page_visit' | 'activity';
  timestamp: string;
  action_type: string | null;
  resource_type: string | null;
  route_name: string | null;
  description: string | null;
  url: string;
  method: string;
}

export interface TimelineAnswer {
  timeline: TimelineEntry[];
  pagination: LogsPagination & { access_total: number; action_total: number };
  isAdmin: boolean;
  filters: { type: TimelineType; search: string | null; date_from: string | null; date_to: string | null };
  user: { id: number; name: string; email: string; avatar_url: string | null; role: { id: number; name: string } | null };
}
