/**
 * What the channels (SMS, airtime, email) use of the delivery engine
 * (docs/decisions/0035-delivery-engine.md).
 */
export { deliveryEngine, DeliveryEngine, MAX_ATTEMPTS, type NewSend, type RecipientsQuery } from './engine.js';
export { deliveries, deliveryReports, sends, SEND_STATUSES, type SendChannel, type SendStatus } from './schema.js';
export { DispatchFailed, type ChannelRules, type ClaimedRow, type DeliveryChannel, type DeliveryReportInput, type RowOutcome, type SendRecord } from './types.js';
export { attachCounts, emptyCounts, type DeliveryCounts } from './counts.js';
export { recipientList, recipientListFields, sendList, sendListFields } from './lists.js';
export { sendControlRoutes, sendIdOf } from './controls.js';
export { driversPerApp, firstDriver, ownWebhook } from './gateways.js';
