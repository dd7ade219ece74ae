import { z } from 'zod';
import { isPermission, PERMISSIONS, type Permission } from '../permissions.js';

/**
 * A role's slug: the name lower-cased, accents dropped, runs of anything that is not
 * a letter or digit (in any script) turned into one dash. Unique per tenant, so two
 * names that differ only in case or punctuation are "the same name".
 */
export function roleSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** Registry names only; duplicates dropped and the list kept in registry order, so answers are stable. */
export const permissionListSchema = z
  .array(z.string().max(100), { error: 'The permissions field must be an array.' })
  .max(PERMISSIONS.length * 2)
  .superRefine((list, ctx) => {
    list.forEach((name, i) => {
      if (!isPermission(name)) ctx.addIssue({ code: 'custom', path: [i], message: `The permission "${name.slice(0, 100)}" does not exist.` });
    });
  })
  .transform((list) => {
    const chosen = new Set(list);
    return PERMISSIONS.filter((p) => chosen.has(p)) as Permission[];
  });

const roleName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((v) => roleSlug(v) !== '', 'The name field must contain a letter or a digit.');

/** POST /roles/store: both fields are required (permissions may be an empty list). */
export const roleSchema = z.object({ name: roleName, permissions: permissionListSchema });
/** PUT /roles/update/{id}: either field may be left out. */
export const roleUpdateSchema = z.object({ name: roleName.optional(), permissions: permissionListSchema.optional() });
export type RoleInput = z.input<typeof roleSchema>;

/** A role as every roles endpoint answers it. */
export interface RoleData {
  id: number;
  name: string;
  slug: string;
  permissions: Permission[];
  built_in: boolean;
  users_count: number;
  created_at: string;
  updated_at: string;
}
