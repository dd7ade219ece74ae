/**
 * The hand-written baseline of bench/lists.ts: plain Fastify and pg, no framework of ours.
 * It serves the same 50-row pages of the same contacts, in a transaction as the app role
 * under the same row-level security policy, with the SQL a careful person writes by hand:
 *
 *   BEGIN; SELECT set_config('role', 'kazi_app', true), set_config('app.tenant_id', $1, true);
 *   SELECT <the fields> FROM contacts WHERE tenant_id = $1 [AND …] ORDER BY name, id LIMIT 50 OFFSET …;
 *   COMMIT
 *
 * Deep pages find their ids on the sort index first (as the app does from offset 1,000): the
 * same query plan, so the ratio measures what our layers cost, not a smarter query.
 * GET /select1 is the "signed-in request" baseline: one SELECT 1 per request. GET /outreach
 * serves page 1 of outreach contacts (bench/outreach.ts) the same way.
 *
 *   DATABASE_URL=postgres://…/kazi_bench_lists TENANT_ID=1 PORT=0 node --import tsx bench/baseline-server.ts
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenantId = Number(process.env.TENANT_ID);
const app = Fastify({ logger: false });

// the same fields as the app's list, its per-row open balance included (receivable or payable, from the ledger)
const FIELDS = `id, type, name, email, phone, tax_number, currency_code, website, address, city, country, reference, enabled,
  (select (coalesce(sum(l.base_amount), 0) * case when contacts.type = 'customer' then 1 else -1 end)::text
     from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.ledger_account_id
    where l.tenant_id = contacts.tenant_id and l.contact_id = contacts.id
      and a.system_key = case when contacts.type = 'customer' then 'receivables' else 'payables' end) as balance,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;

app.get('/select1', async () => {
  const { rows } = await pool.query('select 1 as ok');
  return rows[0];
});

app.get('/contacts', async (req) => {
  const q = req.query as { page?: string; per_page?: string; search?: string; type?: string };
  const perPage = Math.min(100, Number(q.per_page ?? 15));
  const offset = (Math.max(1, Number(q.page ?? 1)) - 1) * perPage;
  const params: unknown[] = [tenantId];
  const where = ['tenant_id = $1'];
  if (q.type) {
    params.push(q.type);
    where.push(`type = $${params.length}`);
  }
  if (q.search?.trim()) {
    // the stored search text and its trigram index, as the app searches (docs/decisions/0020)
    params.push(`%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`search_text ilike $${params.length}`);
  }
  params.push(perPage, offset);
  const limit = `limit $${params.length - 1} offset $${params.length}`;
  const cond = where.join(' and ');
  const text =
    offset >= 1000
      ? `select ${FIELDS} from contacts where tenant_id = $1 and id in (select id from contacts where ${cond} order by name, id ${limit}) order by name, id`
      : `select ${FIELDS} from contacts where ${cond} order by name, id ${limit}`;

  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('role', 'kazi_app', true), set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
    const { rows } = await client.query(text, params);
    await client.query('commit');
    return { data: rows };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
});

// outreach contacts (bench/outreach.ts): page 1, newest first, the same fields the app answers
const OUTREACH_FIELDS = `id, first_name, last_name, trim(first_name || ' ' || last_name) as name, phone, email, gender, birthday, location, tags, custom,
  source, notes, consent_sms, consent_email, consent_voice, accounting_contact_id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;
app.get('/outreach', async (req) => {
  const q = req.query as { per_page?: string };
  const perPage = Math.min(100, Number(q.per_page ?? 15));
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('role', 'kazi_app', true), set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
    const { rows } = await client.query(
      // qualified: a bare created_at would sort by the formatted text of the select list
      `select ${OUTREACH_FIELDS} from outreach_contacts o where tenant_id = $1 order by o.created_at desc, o.id desc limit $2`,
      [tenantId, perPage],
    );
    await client.query('commit');
    return { data: rows };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
