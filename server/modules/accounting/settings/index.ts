// What other areas (documents, reminders) read from the accounting settings.
export { accountingLogo, accountingSetting, logoUrl } from './service.js';
export { makeDefaultCurrency } from './currencies.js';
export { isInUse } from './in-use.js';
