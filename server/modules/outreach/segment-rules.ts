import { and, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONSENT_FIELD } from '../../../common/outreach.js';
import { isRuleGroup, type Condition, type RuleGroup } from '../../../common/segments.js';
import type { Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { sendableCondition } from './consent.js';
import { contactEvents, outreachContacts as c, segmentContacts, segments } from './schema.js';

/**
 * Compiles a segment's rule tree into one SQL condition over outreach_contacts
 * (docs/decisions/0027-segments.md): counting, listing, sending and bulk work all run it inside
 * the database, never by loading contacts. Values are parameters; field names come from the
 * fixed vocabularies of common/segments.ts, never from the request.
 */

type Loaded = Map<number, { type: 'dynamic' | 'static'; rules: RuleGroup }>;

const TEXT_COLUMN = { first_name: c.firstName, last_name: c.lastName, email: c.email, phone: c.phone, location: c.location, source: c.source } as const;
const DATE_COLUMN = { birthday: sql`${c.birthday}`, created_at: sql`(${c.createdAt})::date` } as const;

/** ILIKE with the value's wildcards taken literally */
const like = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function textCondition(col: SQL | AnyPgColumn, op: string, value: string | undefined): SQL {
  const v = value ?? '';
  switch (op) {
    case 'is':
      return sql`lower(${col}) = lower(${v})`;
    case 'is_not':
      return sql`(${col} is null or lower(${col}) <> lower(${v}))`;
    case 'contains':
      return sql`${col} ilike ${`%${like(v)}%`}`;
    case 'not_contains':
      return sql`(${col} is null or ${col} not ilike ${`%${like(v)}%`})`;
    case 'starts_with':
      return sql`${col} ilike ${`${like(v)}%`}`;
    case 'is_empty':
      return sql`coalesce(${col}, '') = ''`;
    case 'is_not_empty':
      return sql`coalesce(${col}, '') <> ''`;
  }
  throw new Error(`text operator ${op}`);
}

function dateCondition(col: SQL, op: string, value: string | number | undefined): SQL {
  switch (op) {
    case 'before':
      return sql`${col} < ${value}::date`;
    case 'after':
      return sql`${col} > ${value}::date`;
    case 'on':
      return sql`${col} = ${value}::date`;
    case 'in_last_days':
      return sql`${col} >= current_date - ${Number(value)}::int`;
    case 'more_than_days_ago':
      return sql`${col} < current_date - ${Number(value)}::int`;
    case 'is_empty':
      return sql`${col} is null`;
    case 'is_not_empty':
      return sql`${col} is not null`;
  }
  throw new Error(`date operator ${op}`);
}

function customCondition(r: Extract<Condition, { kind: 'custom' }>): SQL {
  const raw = sql`(${c.custom} ->> ${r.key})`;
  // numbers compare as numbers when the stored value is one; anything else never matches
  const num = sql`(case when ${raw} ~ '^-?[0-9]+(\\.[0-9]+)?$' then ${raw}::numeric end)`;
  const n = Number(r.value);
  switch (r.op) {
    case 'eq':
      return sql`${num} = ${n}`;
    case 'ne':
      return sql`${num} <> ${n}`;
    case 'gt':
      return sql`${num} > ${n}`;
    case 'gte':
      return sql`${num} >= ${n}`;
    case 'lt':
      return sql`${num} < ${n}`;
    case 'lte':
      return sql`${num} <= ${n}`;
    case 'before':
    case 'after':
    case 'on': {
      const d = sql`(case when ${raw} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then ${raw}::date end)`;
      return dateCondition(d, r.op, String(r.value));
    }
    default:
      return textCondition(raw, r.op, r.value === undefined ? undefined : String(r.value));
  }
}

function condition(r: Condition, loaded: Loaded, seen: number[]): SQL {
  switch (r.kind) {
    case 'text':
      return textCondition(TEXT_COLUMN[r.field], r.op, r.value);
    case 'gender':
      if (r.op === 'is_empty') return sql`${c.gender} is null`;
      return r.op === 'is' ? sql`${c.gender} = ${r.value}` : sql`${c.gender} is distinct from ${r.value}`;
    case 'date':
      return dateCondition(DATE_COLUMN[r.field], r.op, r.value);
    case 'tags': {
      const tags = sql`${sql.param(r.value)}::text[]`;
      if (r.op === 'has_any') return sql`${c.tags} && ${tags}`;
      if (r.op === 'has_all') return sql`${c.tags} @> ${tags}`;
      return sql`not (${c.tags} && ${tags})`;
    }
    case 'consent': {
      const col = sql.raw(`"outreach_contacts"."${CONSENT_FIELD[r.channel]}"`);
      return r.op === 'is' ? sql`${col} = ${r.value}` : sql`${col} <> ${r.value}`;
    }
    case 'sendable':
      return r.op === 'is' ? sendableCondition(r.channel) : not(sendableCondition(r.channel));
    case 'custom':
      return customCondition(r);
    case 'activity': {
      const since = r.within_days === undefined ? sql`` : sql` and e.occurred_at >= now() - make_interval(days => ${r.within_days}::int)`;
      const about = r.subject_id === undefined ? sql`` : sql` and e.subject_id = ${r.subject_id}`;
      const op = { lte: sql`<=`, gte: sql`>=`, eq: sql`=` }[r.score_op ?? 'eq'];
      const scored = r.score === undefined ? sql`` : sql` and (e.data->>'nps')::numeric ${op} ${r.score}`;
      const happened = sql`exists (select 1 from ${contactEvents} e
        where e.tenant_id = ${c.tenantId} and e.contact_id = ${c.id} and e.type = ${r.type}${since}${about}${scored})`;
      return r.op === 'happened' ? happened : sql`not ${happened}`;
    }
    case 'segment': {
      const inner = membership(r.value, loaded, seen);
      return r.op === 'in' ? inner : sql`not ${inner}`;
    }
  }
}

function group(g: RuleGroup, loaded: Loaded, seen: number[]): SQL {
  const parts = g.rules.map((r) => (isRuleGroup(r) ? group(r, loaded, seen) : condition(r, loaded, seen)));
  // an empty group matches every contact (a segment of everyone), as an empty AND does
  if (!parts.length) return sql`true`;
  return sql`(${(g.match === 'all' ? and(...parts) : or(...parts))!})`;
}

/** The condition "is a member of segment `id`": picked into it (static) or matching its rules (dynamic). */
function membership(id: number, loaded: Loaded, seen: number[]): SQL {
  const s = loaded.get(id);
  if (!s) throw fieldError('rules', 'The selected segment is invalid.');
  if (seen.includes(id)) throw fieldError('rules', 'A segment cannot include itself, directly or through another segment.');
  if (s.type === 'static') {
    return sql`exists (select 1 from ${segmentContacts} m where m.tenant_id = ${c.tenantId} and m.segment_id = ${id} and m.contact_id = ${c.id})`;
  }
  return group(s.rules, loaded, [...seen, id]);
}

/** The ids of the segments a rule tree names, at any depth. */
function named(g: RuleGroup, out = new Set<number>()): Set<number> {
  for (const r of g.rules) {
    if (isRuleGroup(r)) named(r, out);
    else if (r.kind === 'segment') out.add(r.value);
  }
  return out;
}

/** Loads the segments a rule tree refers to, and theirs, so compiling needs no further query. */
async function loadReferenced(tx: Tx, tenantId: number, rules: RuleGroup, known: Loaded = new Map()): Promise<Loaded> {
  const wanted = [...named(rules)].filter((id) => !known.has(id));
  if (!wanted.length) return known;
  const found = await tx
    .select({ id: segments.id, type: segments.type, rules: segments.rules })
    .from(segments)
    .where(and(eq(segments.tenantId, tenantId), inArray(segments.id, wanted)));
  for (const s of found) known.set(s.id, { type: s.type, rules: s.rules });
  for (const s of found) if (s.type === 'dynamic') await loadReferenced(tx, tenantId, s.rules, known);
  return known;
}

/** The condition for contacts matching a rule tree (the live count of the rule editor, a dynamic segment). */
export async function rulesCondition(tx: Tx, tenantId: number, rules: RuleGroup, self?: number): Promise<SQL> {
  const loaded = await loadReferenced(tx, tenantId, rules);
  return and(eq(c.tenantId, tenantId), group(rules, loaded, self ? [self] : []))!;
}

/** The condition for a stored segment's members. */
export async function segmentCondition(tx: Tx, tenantId: number, segment: { id: number; type: 'dynamic' | 'static'; rules: RuleGroup }): Promise<SQL> {
  if (segment.type === 'static') {
    return and(eq(c.tenantId, tenantId), membership(segment.id, new Map([[segment.id, segment]]), []))!;
  }
  return rulesCondition(tx, tenantId, segment.rules, segment.id);
}
