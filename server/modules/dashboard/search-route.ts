import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Permission } from '../../../common/permissions.js';
import { rows } from '../../db/client.js';
import { groupHits, MIN_SEARCH_LENGTH, searchStatement, type SearchGroup } from '../../http/search.js';
import { validate } from '../../http/validate.js';
import { installedModules } from '../kazi-module.js';

const searchQuery = z.object({ q: z.string().max(200).optional() });

/**
 * GET /search/json?q=…: the records behind the top bar's search (Ctrl K), a few per kind, in one
 * statement. Only the kinds the user may view are searched; every kind is the current company's
 * (row-level security and an explicit tenant condition). Shorter than MIN_SEARCH_LENGTH: nothing.
 */
export async function searchRoutes(app: FastifyInstance) {
  const kinds = installedModules().flatMap((m) => m.search ?? []);
  const access = [...new Set(kinds.map((k) => k.access))] as Permission[];
  app.get('/search/json', { config: { access } }, async (req) => {
    const q = validate(searchQuery, req.query);
    const phrase = (q.q ?? '').trim();
    const mine = kinds.filter((k) => req.permissions.has(k.access));
    const statement = phrase.length >= MIN_SEARCH_LENGTH ? searchStatement(mine, req.tenant!.id, phrase) : null;
    if (!statement) return { data: [] as SearchGroup[] };
    const found = await req.tenantRead((tx) => rows<{ kind: string; id: number; title: string | null; detail: string | null }>(tx, statement));
    return { data: groupHits(mine, found) };
  });
}
