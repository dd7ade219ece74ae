import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AutoTopUpSettings } from '../../../common/answers/wallet.js';
import { CREDIT_KINDS, CREDIT_MOVEMENTS, CREDIT_SERVICES } from '../../../common/wallet.js';
import { searchIndexes, searchText } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';

/** Credits, like money, are numeric(20,4) decimal strings: an email may cost a tenth of a credit. */
const credits = (name: string) => numeric(name, { precision: 20, scale: 4 });

export const RESERVATION_STATUSES = ['open', 'settled', 'released'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** What the platform operator sets (global) and may override per company (wallets.rates_override): see rates.ts. */
export interface RateSettings {
  /** price of one credit, by ISO currency */
  credit_price: Record<string, string>;
  /** credits per unit of each service */
  service: Record<string, string>;
  packages: { credits: string; label: string }[];
  min_credits: string;
  max_credits: string;
}

/**
 * The automatic top-up (top-up.ts): when the balance falls below the alert threshold, buy back up
 * to `target_balance` with the saved method (an M-Pesa number). `saved_by` is who saved it: the
 * automatic purchases are theirs (their receipt is mailed to them).
 */
export interface AutoTopUp extends AutoTopUpSettings {
  saved_by?: number | null;
}

/**
 * One row per company (docs/decisions/0032-credit-wallet.md): the lock every credit movement
 * takes first (SELECT … FOR UPDATE), the cached balance (always the sum of the ledger; a test
 * checks it), and the company's wallet settings.
 */
export const wallets = tenantTable(
  'wallets',
  {
    balance: credits('balance').notNull().default('0'),
    ratesOverride: jsonb('rates_override').$type<Partial<RateSettings>>(),
    lowBalanceThreshold: credits('low_balance_threshold'),
    /** the balance is below the threshold and the alert for this crossing has been given */
    lowBalanceAlerted: boolean('low_balance_alerted').notNull().default(false),
    /** the alert's mail is still to be sent (by the wallet's maintenance job, after the commit) */
    lowBalanceMailDue: boolean('low_balance_mail_due').notNull().default(false),
    autoTopUp: jsonb('auto_top_up').$type<AutoTopUp>(),
  },
  (t) => [uniqueIndex('wallets_tenant_unique').on(t.tenantId), check('wallets_balance_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * The credit ledger: every movement of credits, append-only (the app role may only INSERT and
 * SELECT). `credits` is signed; `balance_after` is the company's balance after the line.
 */
export const creditMovements = tenantTable(
  'credit_movements',
  {
    movement: text('movement', { enum: CREDIT_MOVEMENTS }).notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    service: text('service', { enum: CREDIT_SERVICES }),
    credits: credits('credits').notNull(),
    balanceAfter: credits('balance_after').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    userId: bigint('user_id', { mode: 'number' }),
    /** the inbound lot this line made (purchase, grant, refund, adjustment) or emptied (expiry) */
    lotId: bigint('lot_id', { mode: 'number' }),
    reservationId: bigint('reservation_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
    /** the money a purchase line was paid with (a refund's, negative), in `currency` */
    amount: numeric('amount', { precision: 20, scale: 4 }),
    currency: text('currency'),
    searchText: searchText('description', 'reference'),
  },
  (t) => [
    check('credit_movements_balance_not_negative', sql`${t.balanceAfter} >= 0`),
    // the lists (newest first by default) and their filters, each ending in id (decision 0020)
    index('credit_movements_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('credit_movements_tenant_movement_idx').on(t.tenantId, t.movement, t.createdAt, t.id),
    index('credit_movements_tenant_service_idx').on(t.tenantId, t.service, t.createdAt, t.id),
    index('credit_movements_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    ...searchIndexes('credit_movements', t.searchText),
  ],
);

/**
 * What is left of each inbound lot (a purchase, a grant…): the one mutable side of the ledger,
 * changed only under the wallet's lock together with the ledger lines that explain the change.
 * Spending takes granted lots first, then the oldest; an expired lot's remainder becomes an
 * `expiry` line.
 */
export const creditLots = tenantTable(
  'credit_lots',
  {
    movementId: bigint('movement_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    credits: credits('credits').notNull(),
    remaining: credits('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('credit_lots_remaining_in_bounds', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.credits}`),
    index('credit_lots_open_idx').on(t.tenantId, t.kind, t.createdAt, t.id).where(sql`remaining > 0`),
    index('credit_lots_expiring_idx').on(t.expiresAt).where(sql`remaining > 0 and expires_at is not null`),
  ],
);

/**
 * Credits held for a send in progress: a row, so it survives a restart. Settled with the units
 * actually used or released; `allocations` says which lots it took from, in order, so what is
 * not used goes back to them.
 */
export const creditReservations = tenantTable(
  'credit_reservations',
  {
    service: text('service', { enum: CREDIT_SERVICES }).notNull(),
    units: credits('units').notNull(),
    rate: credits('rate').notNull(),
    credits: credits('credits').notNull(),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('open'),
    settledUnits: credits('settled_units'),
    settledCredits: credits('settled_credits'),
    allocations: jsonb('allocations').$type<{ lot: number; kind: string; credits: string }[]>().notNull(),
    reference: text('reference'),
    userId: bigint('user_id', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('credit_reservations_open_idx').on(t.tenantId, t.createdAt, t.id).where(sql`status = 'open'`),
    index('credit_reservations_tenant_reference_idx').on(t.tenantId, t.reference),
  ],
);

/** Global: the platform operator's rates (one row, id 1); a company's override lives on its wallet row. */
export const creditRateSettings = pgTable(
  'credit_rate_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').$type<RateSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [check('credit_rate_settings_single_row', sql`${t.id} = 1`)],
);
