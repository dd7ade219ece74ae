import { describe, expect, it } from 'vitest';
import { contactRequestState } from './contacts-api';

describe('contact request state (SPEC §4: a save or delete sets a success or error flag plus a request message)', () => {
  it('is neither before the request settles', () => {
    expect(contactRequestState({ isSuccess: false, isError: false })).toEqual({ success: false, error: false, message: null });
  });

  it("sets success with the server's message", () => {
    expect(contactRequestState({ isSuccess: true, isError: false, data: { message: 'Contact created successfully.' } })).toEqual({
      success: true,
      error: false,
      message: 'Contact created successfully.',
    });
  });

  it("sets error with the server's message (a contact in use), else the failure's own", () => {
    const inUse = { status: 422, data: { message: 'This contact is in use and cannot be deleted.', errors: { id: ['This contact is in use and cannot be deleted.'] } } };
    expect(contactRequestState({ isSuccess: false, isError: true, error: inUse })).toEqual({ success: false, error: true, message: 'This contact is in use and cannot be deleted.' });
    expect(contactRequestState({ isSuccess: false, isError: true, error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } }).message).toBe(
      'Network error: the server could not be reached',
    );
    expect(contactRequestState({ isSuccess: false, isError: true, error: { status: 500, data: '<html>' } }).message).toBe('An error occurred');
  });
});
