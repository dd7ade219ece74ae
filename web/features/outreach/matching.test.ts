import { describe, expect, it } from 'vitest';
import { segmentRulesSchema } from '@common/segments';
import { rulesFromListParams } from './matching';

describe('rulesFromListParams', () => {
  it('is everyone without a search or filter', () => {
    expect(rulesFromListParams({ page: 1, per_page: 15 })).toEqual({ match: 'all', rules: [] });
  });

  it('turns the search into an any-group of contains and each filter into an is, a tree the server accepts', () => {
    const tree = rulesFromListParams({ page: 2, per_page: 15, search: ' amina ', consent_sms: 'granted', consent_email: '', gender: 'female', source: 'gala', sort_by: 'created_at' });
    expect(tree).toEqual({
      match: 'all',
      rules: [
        {
          match: 'any',
          rules: ['first_name', 'last_name', 'phone', 'email'].map((field) => ({ kind: 'text', field, op: 'contains', value: 'amina' })),
        },
        { kind: 'consent', channel: 'sms', op: 'is', value: 'granted' },
        { kind: 'gender', op: 'is', value: 'female' },
        { kind: 'text', field: 'source', op: 'is', value: 'gala' },
      ],
    });
    expect(segmentRulesSchema.safeParse(tree).success).toBe(true);
  });

  it('ignores values that are no filter choice', () => {
    expect(rulesFromListParams({ page: 1, per_page: 15, consent_voice: 'maybe', gender: 'x' }).rules).toEqual([]);
  });
});
