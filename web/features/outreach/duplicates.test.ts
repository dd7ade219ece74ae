import { describe, expect, it } from 'vitest';
import { DUPLICATE_EMAIL_MESSAGE, DUPLICATE_PHONE_MESSAGE } from '@common/schemas/outreach';
import { duplicateOf, pickExisting, searchTextFor, updateWithTyped } from './duplicates';

describe('a create refused as a duplicate', () => {
  it('reads which value is taken from the field errors, the phone first', () => {
    expect(duplicateOf({ phone: DUPLICATE_PHONE_MESSAGE }, { phone: ' +254712345678 ', email: '' })).toEqual({ field: 'phone', value: '+254712345678' });
    expect(duplicateOf({ email: DUPLICATE_EMAIL_MESSAGE }, { phone: '', email: 'Amina@Example.test' })).toEqual({ field: 'email', value: 'Amina@Example.test' });
    expect(duplicateOf({ phone: 'The phone field must be a valid phone number.' }, { phone: '123' })).toBeNull();
    expect(duplicateOf(null, { phone: '+254712345678' })).toBeNull();
  });

  it('searches the e-mail lower-cased and a phone by its digits without a national zero', () => {
    expect(searchTextFor({ field: 'email', value: 'Amina@Example.test' })).toBe('amina@example.test');
    expect(searchTextFor({ field: 'phone', value: '+254 712 345 678' })).toBe('254712345678');
    expect(searchTextFor({ field: 'phone', value: '0712 345 678' })).toBe('712345678');
  });

  it('takes the match with that phone or e-mail, else the only match', () => {
    const matches = [
      { id: 1, name: 'A', phone: '+254712345678', email: null },
      { id: 2, name: 'B', phone: '+254712345679', email: 'b@example.test' },
    ];
    expect(pickExisting(matches, { field: 'phone', value: '0712345679' })?.id).toBe(2);
    expect(pickExisting(matches, { field: 'email', value: 'B@example.test' })?.id).toBe(2);
    expect(pickExisting(matches, { field: 'email', value: 'c@example.test' })).toBeNull();
    expect(pickExisting([matches[0]], { field: 'email', value: 'c@example.test' })?.id).toBe(1);
    expect(pickExisting([], { field: 'phone', value: '0712345678' })).toBeNull();
  });

  it('updates the existing contact with the non-empty values only, joining tags and notes', () => {
    const update = updateWithTyped(
      { tags: ['vip'], notes: 'Met at the gala.' },
      {
        first_name: 'Amina',
        last_name: '',
        phone: '+254712345678',
        email: null,
        gender: null,
        birthday: null,
        location: ' Kisumu ',
        source: '',
        notes: 'Prefers SMS.',
        tags: ['VIP', 'donor'],
        custom: { tier: 'Gold', age: null },
        consent_sms: 'granted',
        accounting_contact_id: null,
      },
    );
    expect(update).toEqual({
      first_name: 'Amina',
      phone: '+254712345678',
      location: 'Kisumu',
      notes: 'Met at the gala.\n\nPrefers SMS.',
      tags: ['vip', 'donor'],
      custom: { tier: 'Gold' },
      consent_sms: 'granted',
    });
    // nothing new: nothing sent for tags, notes or custom values
    expect(updateWithTyped({ tags: ['vip'], notes: 'Same.' }, { tags: ['vip'], notes: 'Same.', custom: { age: null } })).toEqual({});
  });
});
