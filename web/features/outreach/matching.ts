import { CHANNELS, CONSENT_STATUSES, GENDERS, type ConsentStatus } from '@common/outreach';
import type { Condition, RuleGroup } from '@common/segments';
import type { ListParams } from '@/components/data-table/query';

const SEARCHED = ['first_name', 'last_name', 'phone', 'email'] as const;

/**
 * The contact list's search and filters as a rule tree, for "select all N matching": the search
 * is an `any` group of `contains` on the fields the list searches, each filter an `is`. The
 * server picks exactly the contacts the tree matches, in one statement, whatever their number.
 */
export function rulesFromListParams(params: ListParams): RuleGroup {
  const rules: (Condition | RuleGroup)[] = [];
  const search = typeof params.search === 'string' ? params.search.trim() : '';
  if (search) rules.push({ match: 'any', rules: SEARCHED.map((field) => ({ kind: 'text' as const, field, op: 'contains' as const, value: search })) });
  for (const ch of CHANNELS) {
    const v = params[`consent_${ch}`];
    if (typeof v === 'string' && (CONSENT_STATUSES as readonly string[]).includes(v)) rules.push({ kind: 'consent', channel: ch, op: 'is', value: v as ConsentStatus });
  }
  const gender = params.gender;
  if (typeof gender === 'string' && (GENDERS as readonly string[]).includes(gender)) rules.push({ kind: 'gender', op: 'is', value: gender as (typeof GENDERS)[number] });
  const source = typeof params.source === 'string' ? params.source.trim() : '';
  if (source) rules.push({ kind: 'text', field: 'source', op: 'is', value: source });
  return { match: 'all', rules };
}
