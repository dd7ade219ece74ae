export { Money } from './Money';
export { defaultCurrency, fallbackFormat, findCurrency, totalInDefault, type CurrencyOption } from './currencies';
