import { describe, expect, it } from 'vitest';
import { askedPath, checkAnswers, definitionSchema, npsScore, type SurveyDefinition } from './surveys';

const definition = definitionSchema.parse({
  sections: [
    {
      id: 's1',
      questions: [
        { id: 'score', type: 'nps', label: 'Score', required: true },
        { id: 'why', type: 'short_text', label: 'Why', required: true, show_if: { question: 'score', op: 'lte', value: 6 } },
        { id: 'more', type: 'yes_no', label: 'More?' },
      ],
      jumps: [{ when: { question: 'more', op: 'equals', value: 'no' }, to: 'end' }],
    },
    { id: 's2', questions: [{ id: 'pick', type: 'multiple_choice', label: 'Pick', options: ['A', 'B'], allow_other: true, max: 2 }] },
    { id: 's3', questions: [{ id: 'last', type: 'number', label: 'Last', min: 1, max: 3 }] },
  ],
}) as SurveyDefinition;

describe('skip logic', () => {
  it('asks a question only when its condition holds, and jumps to the end', () => {
    expect(askedPath(definition, { score: 9 }).questions.map((q) => q.id)).toEqual(['score', 'more', 'pick', 'last']);
    expect(askedPath(definition, { score: 3 }).questions.map((q) => q.id)).toEqual(['score', 'why', 'more', 'pick', 'last']);
    expect(askedPath(definition, { score: 9, more: false }).sections).toEqual(['s1']);
  });

  it('refuses answers to skipped or unknown questions, and checks types and bounds', () => {
    expect(checkAnswers(definition, { score: 9, why: 'x' }).errors).toEqual({ why: 'This question was not asked: an earlier answer skips it.' });
    expect(checkAnswers(definition, { score: 9, more: 'no', pick: ['A'] }).errors.pick).toBeDefined();
    expect(checkAnswers(definition, { score: 2 }).errors.why).toBe('“Why” is required.');
    expect(Object.keys(checkAnswers(definition, { score: 12, pick: ['A', 'C'], last: 4, nope: 1 }).errors).sort()).toEqual(['last', 'nope', 'pick', 'score']);
    expect(checkAnswers(definition, { score: 9, pick: ['A', 'B', 'Other: c'] }).errors.pick).toBe('Choose at most 2 answers to “Pick”.');
    expect(checkAnswers(definition, { score: '10', more: 'yes', pick: ['Other: my own'], last: '2' })).toEqual({ errors: {}, answers: { score: 10, more: true, pick: ['Other: my own'], last: 2 } });
  });

  it('refuses a definition whose jumps go back or whose conditions look ahead', () => {
    const back = definitionSchema.safeParse({ sections: [{ id: 'a', questions: [{ id: 'q', type: 'short_text', label: 'Q' }], jumps: [{ when: { question: 'q', op: 'answered' }, to: 'a' }] }] });
    expect(back.success).toBe(false);
    const ahead = definitionSchema.safeParse({ sections: [{ id: 'a', questions: [{ id: 'q', type: 'short_text', label: 'Q', show_if: { question: 'r', op: 'answered' } }, { id: 'r', type: 'short_text', label: 'R' }] }] });
    expect(ahead.success).toBe(false);
  });

  it('scores NPS as promoters minus detractors', () => {
    expect(npsScore({ '10': 3, '8': 1, '2': 1 })).toBe(40);
    expect(npsScore({})).toBeNull();
  });
});
