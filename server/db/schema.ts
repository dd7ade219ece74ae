// Every module's tables, gathered for Drizzle and drizzle-kit.
export { tenants } from './tenant-table.js';
export * from '../modules/tenancy/schema.js';
export * from '../modules/accounting/schema.js';
export * from '../modules/notifications/schema.js';
export * from '../modules/users/schema.js';
export * from '../modules/activity/schema.js';
export * from '../modules/banking/schema.js';
export * from '../modules/ledger/schema.js';
export * from '../modules/documents/schema.js';
export * from '../modules/reports/schema.js';
export * from '../modules/attachments/schema.js';
export * from '../modules/outreach/schema.js';
export * from '../modules/platform/schema.js';
export * from '../modules/payments/schema.js';
export * from '../modules/wallet/schema.js';
export * from '../modules/wallet/purchase-schema.js';
export * from '../modules/delivery/schema.js';
export * from '../modules/sms/schema.js';
