import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { areaLabel, PERMISSION_SECTIONS, PERMISSIONS } from '../../../common/permissions.js';
import { roles } from '../tenancy/schema.js';
import { effectivePermissions, roleResource } from './resource.js';

export async function rolesRoutes(app: FastifyInstance) {
  app.get('/roles/active-permissions', { config: { access: 'authenticated' } }, async (req) => ({
    // registry order, so the answer is stable; the owners' shared set is filtered once
    permissions: inRegistryOrder(req.permissions),
  }));

  // GET /roles/json, POST /roles/store, GET /roles/get-role/{id}, PUT /roles/update/{id}, DELETE /roles/delete/{id}
  roleResource.routes(app);

  /**
   * The Permissions page: the whole registry, grouped by section and area, with the
   * roles of this tenant holding each permission. Read-only: permissions are code.
   */
  app.get('/permissions/json', { config: { access: 'roles.view' } }, async (req) => {
    const all = await req.tenantTx((tx) =>
      tx
        .select({ id: roles.id, name: roles.name, slug: roles.slug, built_in: roles.builtIn, permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.tenantId, req.tenant!.id))
        .orderBy(asc(roles.id)),
    );
    const holders = new Map<string, { id: number; name: string }[]>();
    for (const r of all) {
      for (const p of effectivePermissions(r)) {
        const list = holders.get(p) ?? [];
        list.push({ id: r.id, name: r.name });
        holders.set(p, list);
      }
    }
    const data = PERMISSION_SECTIONS.map((section) => ({
      section: section.label,
      areas: section.areas.map((area) => ({
        area,
        label: areaLabel(area),
        permissions: PERMISSIONS.filter((p) => p.startsWith(`${area}.`)).map((name) => ({
          name,
          action: name.slice(area.length + 1),
          roles: holders.get(name) ?? [],
        })),
      })),
    }));
    return {
      data,
      roles: all.map((r) => ({ id: r.id, name: r.name, slug: r.slug, built_in: r.built_in })),
      total: PERMISSIONS.length,
    };
  });
}

const ordered = new WeakMap<ReadonlySet<string>, readonly string[]>();
/** The permissions of a set in registry order; a set shared by requests (every owner's) is ordered once. */
function inRegistryOrder(held: ReadonlySet<string>): readonly string[] {
  let list = ordered.get(held);
  if (!list) {
    list = Object.freeze(PERMISSIONS.filter((p) => held.has(p)));
    ordered.set(held, list);
  }
  return list;
}
