import type { FastifyRequest } from 'fastify';

/** Props every page receives (ARCHITECTURE: auth.user, tenant, permissions, flash). Explicit fields only. */
export function sharedProps(req: FastifyRequest) {
  const s = req.session;
  return {
    auth: { user: req.user },
    tenant: req.tenant,
    permissions: () => [...(req.permissions ?? [])],
    flash: {
      success: (s?.pull('success') as string | undefined) ?? null,
      error: (s?.pull('error') as string | undefined) ?? null,
      status: (s?.peekFlash('status') as string | undefined) ?? null,
    },
  };
}
