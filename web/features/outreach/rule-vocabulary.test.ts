import { describe, expect, it } from 'vitest';
import { conditionSchema, type Condition } from '@common/segments';
import { CUSTOM_FIELD_TYPES } from '@common/outreach';
import { newCondition, operatorsOf, pathKey, SUBJECTS, subjectOf } from './rule-vocabulary';

/** What a user types into the boxes a new condition leaves empty (tags, a custom field's key, a segment). */
function filledIn(c: Condition): Condition {
  if (c.kind === 'tags') return { ...c, value: ['vip'] };
  if (c.kind === 'custom') return { ...c, key: 'plan' };
  if (c.kind === 'segment') return { ...c, value: 1 };
  return c;
}

describe('the rule editor vocabulary', () => {
  it.each(SUBJECTS.map((s) => s.key))('starts %s as a condition of the shared schema once filled in, each offered operator one the schema takes', (key) => {
    const c = filledIn(newCondition(key));
    expect(subjectOf(c)).toBe(key);
    expect(conditionSchema.safeParse(c).success).toBe(true);
    for (const op of operatorsOf(c)) {
      expect(conditionSchema.safeParse({ ...c, op: op.value }).success, `${key} ${op.value}`).toBe(true);
    }
  });

  it.each(CUSTOM_FIELD_TYPES)("offers a %s field's operators in plain words, each one the schema takes", (type) => {
    const c = filledIn(newCondition('custom'));
    const ops = operatorsOf(c, type);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      expect(op.label).not.toMatch(/\((number|date)\)/);
      expect(conditionSchema.safeParse({ ...c, op: op.value }).success, `${type} ${op.value}`).toBe(true);
    }
  });

  it("names a condition's place as the server's 422 keys do", () => {
    expect(pathKey([])).toBe('rules');
    expect(pathKey([0])).toBe('rules.rules.0');
    expect(pathKey([1, 2])).toBe('rules.rules.1.rules.2');
  });
});
