import { describe, expect, it } from 'vitest';
import { errorMessage, fieldErrorsOf } from './errors';

const FALLBACK = 'Failed to load users data';

describe('errorMessage', () => {
  it('names a network failure', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, FALLBACK)).toBe(
      'Network error: the server could not be reached',
    );
  });

  it('names a timeout', () => {
    expect(errorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' }, FALLBACK)).toBe(
      'The request timed out',
    );
  });

  it('names an unreadable answer', () => {
    expect(
      errorMessage(
        { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError: Unexpected token' },
        FALLBACK,
      ),
    ).toBe('The server sent an unreadable answer');
  });

  it("takes the server's message", () => {
    expect(
      errorMessage({ status: 422, data: { message: 'The name field is required.', errors: { name: ['x'] } } }, FALLBACK),
    ).toBe('The name field is required.');
  });

  it("prefers the server's message over its error field", () => {
    expect(errorMessage({ status: 400, data: { message: 'Bad input', error: 'other' } }, FALLBACK)).toBe('Bad input');
  });

  it("takes the server's error field when there is no message", () => {
    expect(errorMessage({ status: 500, data: { error: 'Mailgun refused the key' } }, FALLBACK)).toBe(
      'Mailgun refused the key',
    );
  });

  it('falls back when the server said nothing useful', () => {
    expect(errorMessage({ status: 404, data: null }, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage({ status: 500, data: { message: '   ' } }, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage({ status: 500, data: 'Internal Server Error' }, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage({ status: 403, data: { message: 42 } }, FALLBACK)).toBe(FALLBACK);
  });

  it("takes a thrown or serialized error's own message", () => {
    expect(errorMessage(new Error('Something broke'), FALLBACK)).toBe('Something broke');
    expect(errorMessage({ name: 'Error', message: 'Rejected' }, FALLBACK)).toBe('Rejected');
    expect(errorMessage({ status: 'CUSTOM_ERROR', error: 'No user id' }, FALLBACK)).toBe('No user id');
  });

  it('falls back for nothing at all', () => {
    expect(errorMessage(undefined, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(null, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage('oops', FALLBACK)).toBe(FALLBACK);
    expect(errorMessage({}, FALLBACK)).toBe(FALLBACK);
  });
});

describe('fieldErrorsOf', () => {
  it("takes each field's first message from a 422 answer, and nothing from other failures", () => {
    expect(fieldErrorsOf({ status: 422, data: { message: 'Bad', errors: { tag: ['The tag field is required.', 'Another'], 'selection.segment_id': ['Invalid.'] } } })).toEqual({
      tag: 'The tag field is required.',
      'selection.segment_id': 'Invalid.',
    });
    expect(fieldErrorsOf({ status: 'FETCH_ERROR' })).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});
