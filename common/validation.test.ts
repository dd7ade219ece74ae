import { describe, expect, it } from 'vitest';
import { nulCharacterIssues } from './validation.js';

describe('nulCharacterIssues', () => {
  it('names every field holding a NUL, at any depth, in Laravel\'s words', () => {
    expect(nulCharacterIssues({ name: 'a\u0000b', ok: 'fine', lines: [{ note: 'x' }, { note: '\u0000' }], n: 5, flag: true, none: null })).toEqual([
      { field: 'name', message: 'The name field must not contain a NUL character.' },
      { field: 'lines.1.note', message: 'The note field must not contain a NUL character.' },
    ]);
  });

  it('finds none in clean input, and reads a bare string as the root field', () => {
    expect(nulCharacterIssues({ name: 'Amani', tags: ['a', 'b'], nested: { deep: ['ok'] } })).toEqual([]);
    expect(nulCharacterIssues('x\u0000', 'input')).toEqual([{ field: 'input', message: 'The input field must not contain a NUL character.' }]);
  });

  it('names a key holding a NUL printably, and skips bytes that are not typed text', () => {
    expect(nulCharacterIssues({ 'na\u0000me': 'x' })).toEqual([{ field: 'na\\u0000me', message: 'The na\\u0000me field must not contain a NUL character.' }]);
    expect(nulCharacterIssues({ file: Buffer.from([0, 1, 2]) })).toEqual([]);
  });

  it('walks a deeply nested body without exhausting the stack, and stops at the limit', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulCharacterIssues(deep)).toHaveLength(1);
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']));
    expect(nulCharacterIssues(many, 'input', 20)).toHaveLength(20);
  });
});
