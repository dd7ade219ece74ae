import { describe, expect, it } from 'vitest';
import { isMask } from '../../common/schemas/email-settings.js';
import { maskSecret, seal, SealedSecretUnreadable, unseal } from './sealed.js';

const KEY = 'test-key-0123456789-0123456789-0123456789';

describe('sealed secrets', () => {
  it('opens what it sealed, under the same key and place', () => {
    const s = seal(KEY, 'email_settings:1:mailgun_key', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0');
    expect(s).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(s).not.toContain('3ax6xnjp');
    expect(unseal(KEY, 'email_settings:1:mailgun_key', s)).toBe('key-3ax6xnjp29jd6fds4gc373sgvjxteol0');
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(seal(KEY, 'p', 'same')).not.toBe(seal(KEY, 'p', 'same'));
  });

  it('refuses another company, another field, another app key or altered bytes', () => {
    const s = seal(KEY, 'email_settings:1:mailgun_key', 'secret-value');
    expect(() => unseal(KEY, 'email_settings:2:mailgun_key', s)).toThrow(SealedSecretUnreadable);
    expect(() => unseal(KEY, 'email_settings:1:smtp_password', s)).toThrow(SealedSecretUnreadable);
    expect(() => unseal(`${KEY}x`, 'email_settings:1:mailgun_key', s)).toThrow(SealedSecretUnreadable);
    const raw = Buffer.from(s.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => unseal(KEY, 'email_settings:1:mailgun_key', `v1.${raw.toString('base64url')}`)).toThrow(SealedSecretUnreadable);
    expect(() => unseal(KEY, 'email_settings:1:mailgun_key', 'plain text')).toThrow(SealedSecretUnreadable);
  });

  it('masks a secret to its last characters at most, and knows a mask when it comes back', () => {
    expect(maskSecret('key-3ax6xnjp29jd6fds4gc373sgvjxteol0')).toBe('••••••••eol0');
    expect(maskSecret('short')).toBe('••••••••');
    expect(isMask(maskSecret('key-3ax6xnjp29jd6fds4gc373sgvjxteol0'))).toBe(true);
    expect(isMask('key-abc')).toBe(false);
  });
});
