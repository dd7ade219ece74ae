/**
 * ISO 4217 currencies a tenant may add (Settings/Accounting/Currencies), with the display
 * defaults they start with. A tenant may still change every field of its own copy.
 */
export interface CatalogueCurrency {
  code: string;
  name: string;
  symbol: string;
  precision: number;
  symbol_first: boolean;
  decimal_mark: string;
  thousands_separator: string;
}

const c = (code: string, name: string, symbol: string, precision = 2, symbol_first = true, decimal_mark = '.', thousands_separator = ','): CatalogueCurrency => ({
  code,
  name,
  symbol,
  precision,
  symbol_first,
  decimal_mark,
  thousands_separator,
});

export const CURRENCY_CATALOGUE: readonly CatalogueCurrency[] = [
  c('USD', 'US Dollar', '$'),
  c('EUR', 'Euro', '€', 2, false, ',', '.'),
  c('GBP', 'Pound Sterling', '£'),
  c('KES', 'Kenyan Shilling', 'KSh'),
  c('TZS', 'Tanzanian Shilling', 'TSh', 2, false),
  c('UGX', 'Ugandan Shilling', 'USh', 0, false),
  c('RWF', 'Rwandan Franc', 'FRw', 0, false),
  c('NGN', 'Nigerian Naira', '₦'),
  c('GHS', 'Ghanaian Cedi', 'GH₵'),
  c('ZAR', 'South African Rand', 'R', 2, true, '.', ' '),
  c('EGP', 'Egyptian Pound', 'E£'),
  c('MAD', 'Moroccan Dirham', 'DH', 2, false),
  c('XOF', 'West African CFA Franc', 'CFA', 0, false, ',', ' '),
  c('ETB', 'Ethiopian Birr', 'Br'),
  c('INR', 'Indian Rupee', '₹'),
  c('JPY', 'Japanese Yen', '¥', 0),
  c('CNY', 'Chinese Yuan', '¥'),
  c('AED', 'UAE Dirham', 'AED', 2, false),
  c('SAR', 'Saudi Riyal', 'SAR', 2, false),
  c('KWD', 'Kuwaiti Dinar', 'KD', 3),
  c('CHF', 'Swiss Franc', 'CHF', 2, true, '.', "'"),
  c('CAD', 'Canadian Dollar', 'C$'),
  c('AUD', 'Australian Dollar', 'A$'),
  c('BRL', 'Brazilian Real', 'R$', 2, true, ',', '.'),
  c('MXN', 'Mexican Peso', 'MX$'),
  c('TRY', 'Turkish Lira', '₺', 2, true, ',', '.'),
];

export const catalogueCurrency = (code: string): CatalogueCurrency | undefined => CURRENCY_CATALOGUE.find((x) => x.code === code.toUpperCase());
