import { z } from 'zod';

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The one list query every paged endpoint accepts (ARCHITECTURE "HTTP contract"). */
export const listQuerySchema = z.object({
  search: z.string().max(255).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  paginate: boolish.optional(),
  list_all: boolish.optional(),
  filter_by: z.string().max(64).optional(),
  filter: z.string().max(255).optional(),
  sort_by: z.string().max(64).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface PaginatorLink {
  url: string | null;
  label: string;
  active: boolean;
}

/** Laravel's length-aware paginator, the shape of every paged list. */
export interface Paginator<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: PaginatorLink[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
  /** true when `total` is an estimate of a large list ("about 1.2M"), not a count */
  total_estimated?: boolean;
}
