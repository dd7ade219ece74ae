import { catalogueCurrency } from './currency-catalogue.js';

/**
 * The countries a company can be registered in, with what a company there starts with: the books'
 * default currency (one of common/currency-catalogue.ts), the company's timezone and the phone
 * country (its calling code, for numbers typed without "+"). Registration asks the country and
 * sets the three from it (decision 0023-forms-first-hour). A country whose currency is not in the
 * catalogue is not listed: the books could not start in it.
 */
export interface Country {
  /** ISO 3166-1 alpha-2 */
  code: string;
  name: string;
  currency: string;
  timezone: string;
  /** calling code without "+" */
  dial: string;
}

const k = (code: string, name: string, currency: string, timezone: string, dial: string): Country => ({ code, name, currency, timezone, dial });

export const COUNTRIES: readonly Country[] = [
  k('AE', 'United Arab Emirates', 'AED', 'Asia/Dubai', '971'),
  k('AU', 'Australia', 'AUD', 'Australia/Sydney', '61'),
  k('BF', 'Burkina Faso', 'XOF', 'Africa/Ouagadougou', '226'),
  k('BJ', 'Benin', 'XOF', 'Africa/Porto-Novo', '229'),
  k('BR', 'Brazil', 'BRL', 'America/Sao_Paulo', '55'),
  k('CA', 'Canada', 'CAD', 'America/Toronto', '1'),
  k('CH', 'Switzerland', 'CHF', 'Europe/Zurich', '41'),
  k('CI', "Côte d'Ivoire", 'XOF', 'Africa/Abidjan', '225'),
  k('CN', 'China', 'CNY', 'Asia/Shanghai', '86'),
  k('DE', 'Germany', 'EUR', 'Europe/Berlin', '49'),
  k('EG', 'Egypt', 'EGP', 'Africa/Cairo', '20'),
  k('ES', 'Spain', 'EUR', 'Europe/Madrid', '34'),
  k('ET', 'Ethiopia', 'ETB', 'Africa/Addis_Ababa', '251'),
  k('FR', 'France', 'EUR', 'Europe/Paris', '33'),
  k('GB', 'United Kingdom', 'GBP', 'Europe/London', '44'),
  k('GH', 'Ghana', 'GHS', 'Africa/Accra', '233'),
  k('IE', 'Ireland', 'EUR', 'Europe/Dublin', '353'),
  k('IN', 'India', 'INR', 'Asia/Kolkata', '91'),
  k('IT', 'Italy', 'EUR', 'Europe/Rome', '39'),
  k('JP', 'Japan', 'JPY', 'Asia/Tokyo', '81'),
  k('KE', 'Kenya', 'KES', 'Africa/Nairobi', '254'),
  k('KW', 'Kuwait', 'KWD', 'Asia/Kuwait', '965'),
  k('MA', 'Morocco', 'MAD', 'Africa/Casablanca', '212'),
  k('ML', 'Mali', 'XOF', 'Africa/Bamako', '223'),
  k('MX', 'Mexico', 'MXN', 'America/Mexico_City', '52'),
  k('NG', 'Nigeria', 'NGN', 'Africa/Lagos', '234'),
  k('NL', 'Netherlands', 'EUR', 'Europe/Amsterdam', '31'),
  k('PT', 'Portugal', 'EUR', 'Europe/Lisbon', '351'),
  k('RW', 'Rwanda', 'RWF', 'Africa/Kigali', '250'),
  k('SA', 'Saudi Arabia', 'SAR', 'Asia/Riyadh', '966'),
  k('SN', 'Senegal', 'XOF', 'Africa/Dakar', '221'),
  k('TR', 'Türkiye', 'TRY', 'Europe/Istanbul', '90'),
  k('TZ', 'Tanzania', 'TZS', 'Africa/Dar_es_Salaam', '255'),
  k('UG', 'Uganda', 'UGX', 'Africa/Kampala', '256'),
  k('US', 'United States', 'USD', 'America/New_York', '1'),
  k('ZA', 'South Africa', 'ZAR', 'Africa/Johannesburg', '27'),
].filter((c) => catalogueCurrency(c.currency) !== undefined);

/**
 * A country not listed (its currency is not in the catalogue yet): the company starts in US
 * dollars and UTC, as every company did before registration asked, and changes them in settings.
 * "ZZ" is the ISO code left for users' own use ("unknown country").
 */
export const OTHER_COUNTRY: Country = { code: 'ZZ', name: 'Another country (US dollars, UTC)', currency: 'USD', timezone: 'UTC', dial: '' };

export const findCountry = (code: string | null | undefined): Country | undefined => {
  const wanted = code?.trim().toUpperCase();
  if (!wanted) return undefined;
  return wanted === OTHER_COUNTRY.code ? OTHER_COUNTRY : COUNTRIES.find((c) => c.code === wanted);
};
