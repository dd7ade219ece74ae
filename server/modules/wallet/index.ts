/**
 * What other areas use of the wallet (docs/decisions/0032-credit-wallet.md): the ledger's
 * service (add credits, reserve before a send, settle or release after it), the rates, and the
 * error a short balance answers. Everything runs in the caller's tenant transaction.
 */
export { addCredits, balances, creditsInWords, expireDue, InsufficientCredits, lockWallet, release, reserve, settle } from './ledger.js';
export type { AddCredits, Reservation, ReserveInput } from './ledger.js';
export { globalRates, rateSettings, ratesFor } from './rates.js';
export { creditLots, creditMovements, creditReservations, wallets } from './schema.js';
export type { RateSettings } from './schema.js';
