import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client.js';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT, plainCurrency, type CompanyFormats, type DateFormat } from '../../common/format.js';

/**
 * Props every page receives (ARCHITECTURE: auth.user, tenant, permissions, flash),
 * plus what the shell shows on every page: the tenants to switch to and the unread
 * notifications count, read together in one scoped transaction, and only when the
 * page (or a partial reload) asks for them.
 */
export function sharedProps(req: FastifyRequest) {
  const s = req.session;
  let shell: Promise<{ tenants: { id: number; name: string }[]; unread: number; formats: CompanyFormats }> | null = null;
  const loadShell = () =>
    (shell ??= req.user
      ? req.server.ctx.database.scoped({ userId: req.user.id, tenantId: req.tenant?.id }, async (tx) => ({
          tenants: await rows<{ id: number; name: string }>(
            tx,
            sql`select t.id, coalesce(t.settings->>'name', t.name) as name
                  from memberships m join tenants t on t.id = m.tenant_id
                 where m.user_id = ${req.user!.id} and m.status = 'active' order by m.created_at, t.id`,
          ),
          unread: req.tenant
            ? (
                await rows<{ n: number }>(
                  tx,
                  sql`select count(*)::int as n from notifications
                       where tenant_id = ${req.tenant.id} and user_id = ${req.user!.id} and read_at is null`,
                )
              )[0].n
            : 0,
          formats: req.tenant ? await companyFormats(tx, req.tenant.id, req.tenant.timezone) : FALLBACK_FORMATS,
        }))
      : Promise.resolve({ tenants: [], unread: 0, formats: FALLBACK_FORMATS }));
  return {
    auth: { user: req.user },
    tenant: req.tenant,
    tenants: async () => (await loadShell()).tenants,
    permissions: () => [...(req.permissions ?? [])],
    /** a platform operator sees the Operator menu (docs/decisions/0031) */
    operator: async () => (req.user ? req.isOperator() : false),
    notifications: async () => ({ unread: (await loadShell()).unread }),
    /** the realtime connection's application key (SPEC §7), for a user signed in to a company */
    realtime: req.user && req.tenant ? { key: req.server.ctx.config.realtime.key } : null,
    formats: async () => (await loadShell()).formats,
    flash: {
      success: (s?.pull('success') as string | undefined) ?? null,
      error: (s?.pull('error') as string | undefined) ?? null,
      status: (s?.peekFlash('status') as string | undefined) ?? null,
    },
  };
}

const FALLBACK_FORMATS: CompanyFormats = { date_format: DEFAULT_DATE_FORMAT, timezone: 'UTC', currency: plainCurrency('USD') };

/**
 * The company's date format (accounting settings, General) and default currency, for the one
 * formatter (common/format.ts) on every page: read with the shell's other figures, in its transaction.
 */
async function companyFormats(tx: Parameters<typeof rows>[0], tenantId: number, timezone: string | null | undefined): Promise<CompanyFormats> {
  const [row] = await rows<{ date_format: string | null; code: string | null; precision: number | null; symbol: string | null; symbol_first: boolean | null; decimal_mark: string | null; thousands_separator: string | null }>(
    tx,
    sql`select (select value->>'date_format' from accounting_settings where tenant_id = ${tenantId} and key = 'general') as date_format,
               c.code, c.precision, c.symbol, c.symbol_first, c.decimal_mark, c.thousands_separator
          from (select 1) one left join currencies c on c.tenant_id = ${tenantId} and c.is_default`,
  );
  const dateFormat = (DATE_FORMATS as readonly string[]).includes(row?.date_format ?? '') ? (row!.date_format as DateFormat) : DEFAULT_DATE_FORMAT;
  const currency = row?.code
    ? { code: row.code, precision: row.precision ?? 2, symbol: row.symbol ?? '', symbol_first: row.symbol_first ?? true, decimal_mark: row.decimal_mark ?? '.', thousands_separator: row.thousands_separator ?? ',' }
    : plainCurrency('USD');
  return { date_format: dateFormat, timezone: timezone || 'UTC', currency };
}
