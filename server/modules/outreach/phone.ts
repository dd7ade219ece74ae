import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';
import { getCountries } from 'libphonenumber-js/max';

const COUNTRIES = new Set<string>(getCountries());

/** An ISO 3166-1 alpha-2 code libphonenumber knows, or null. */
export function phoneCountry(code: unknown): CountryCode | null {
  const c = typeof code === 'string' ? code.trim().toUpperCase() : '';
  return COUNTRIES.has(c) ? (c as CountryCode) : null;
}

export const PHONE_MESSAGE = 'The phone field must be a valid phone number.';

/**
 * A phone number as typed ("0712 345 678", "+254712345678", "254712345678") in E.164, read
 * against the company's country; null when it is not a valid number. Without a country only
 * international numbers (with + or 00) can be read.
 */
export function toE164(raw: string, country: CountryCode | null): string | null {
  const text = raw.trim();
  if (!text) return null;
  const candidates = [text];
  // "254712345678": an international number typed without its plus
  if (/^\d{10,15}$/.test(text) && !text.startsWith('0')) candidates.push(`+${text}`);
  if (text.startsWith('00')) candidates.push(`+${text.slice(2)}`);
  for (const candidate of candidates) {
    try {
      const parsed = parsePhoneNumberWithError(candidate, country ?? undefined);
      if (parsed.isValid()) return parsed.number;
    } catch {
      // not a number in this reading; try the next
    }
  }
  return null;
}
