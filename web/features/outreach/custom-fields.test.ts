import { describe, expect, it } from 'vitest';
import { customConditionFor, customFormValues, customInput, customOps, customValueControl, keyFromLabel, shownCustomValues, type FieldDef } from './custom-fields';

const FIELDS: FieldDef[] = [
  { key: 'member_no', label: 'Member number', type: 'text', choices: [] },
  { key: 'age', label: 'Age', type: 'number', choices: [] },
  { key: 'joined', label: 'Joined', type: 'date', choices: [] },
  { key: 'tier', label: 'Tier', type: 'choice', choices: ['Gold', 'Silver'] },
];

describe('custom contact fields on the form', () => {
  it('gives every defined field a box, empty when the contact has no value', () => {
    expect(customFormValues(FIELDS, { age: 42, tier: 'Gold', gone: 'x' })).toEqual({ member_no: '', age: '42', joined: '', tier: 'Gold' });
    expect(customFormValues(FIELDS, undefined)).toEqual({ member_no: '', age: '', joined: '', tier: '' });
  });

  it('sends every defined field: an empty box clears it, a number reads as a number, anything else as typed for the server to judge', () => {
    expect(customInput(FIELDS, { member_no: ' M-7 ', age: '42', joined: '', tier: 'Gold', gone: 'x' })).toEqual({ member_no: 'M-7', age: 42, joined: null, tier: 'Gold' });
    expect(customInput(FIELDS, { age: 'forty' })).toEqual({ member_no: null, age: 'forty', joined: null, tier: null });
    expect(customInput(FIELDS, { age: '-1.5' }).age).toBe(-1.5);
  });

  it("lists a contact's values in the fields' order with their labels, then values kept under a key no field has now", () => {
    expect(shownCustomValues(FIELDS, { tier: 'Gold', age: 0, member_no: '', old_key: 'kept' })).toEqual([
      { key: 'age', label: 'Age', type: 'number', value: '0' },
      { key: 'tier', label: 'Tier', type: 'choice', value: 'Gold' },
      { key: 'old_key', label: 'old_key', type: 'text', value: 'kept' },
    ]);
    expect(shownCustomValues(FIELDS, {})).toEqual([]);
  });
});

describe('custom-field conditions of the rule editor', () => {
  it("offers the operators of the field's type", () => {
    expect(customOps('choice')).toEqual(['is', 'is_not', 'is_empty', 'is_not_empty']);
    expect(customOps('date')).toEqual(['before', 'after', 'on', 'is_empty', 'is_not_empty']);
    expect(customOps('number')).toContain('gte');
    expect(customOps('text')).toContain('contains');
    // a key no field has any more: every operator, as before
    expect(customOps(undefined)).toEqual(expect.arrayContaining(['contains', 'gt', 'before']));
  });

  it('starts a condition on a field with its first operator and, for a choice, its first choice', () => {
    expect(customConditionFor(FIELDS[3])).toEqual({ kind: 'custom', key: 'tier', op: 'is', value: 'Gold' });
    expect(customConditionFor(FIELDS[1])).toMatchObject({ key: 'age', op: 'eq' });
    expect(customConditionFor(FIELDS[2])).toMatchObject({ key: 'joined', op: 'after' });
    expect(customConditionFor(FIELDS[0])).toEqual({ kind: 'custom', key: 'member_no', op: 'contains', value: '' });
  });

  it('picks the value control by the type, else by the operator', () => {
    expect(customValueControl('choice', 'is')).toBe('choice');
    expect(customValueControl('number', 'gt')).toBe('number');
    expect(customValueControl('date', 'on')).toBe('date');
    expect(customValueControl('text', 'contains')).toBe('text');
    expect(customValueControl(undefined, 'lt')).toBe('number');
    expect(customValueControl(undefined, 'before')).toBe('date');
  });
});

describe("a new field's key", () => {
  it('is suggested from the label: lower case, letters, digits and underscores, starting with a letter', () => {
    expect(keyFromLabel('Member no.')).toBe('member_no');
    expect(keyFromLabel('  Église / Parish  ')).toBe('eglise_parish');
    expect(keyFromLabel('2nd phone')).toBe('field_2nd_phone');
    expect(keyFromLabel('…')).toBe('');
    expect(keyFromLabel('a'.repeat(80))).toHaveLength(64);
  });
});
