import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Global: the platform operators, the people who run Kazi itself (rates, offline-payment
 * approval, later plans) rather than a company in it (docs/decisions/0031). Keyed by e-mail, in
 * lower case, so `npm run operator -- grant` works before the person has signed up and matches
 * the KAZI_OPERATORS list. No tenant_id and no grant to the app role: only the owner connection
 * reads it (the operator check, the CLI).
 */
export const platformOperators = pgTable('platform_operators', {
  email: text('email').primaryKey(),
  /** who granted it: 'cli', 'demo' */
  grantedBy: text('granted_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
