// What other modules use of payments (docs/decisions/0031-payments-and-the-platform-operator.md).
export {
  approveOfflinePayment,
  latestPaymentFor,
  OFFLINE_TTL_DAYS,
  PAYMENT_TTL_MINUTES,
  paymentOf,
  refreshPayment,
  registerPaymentPurpose,
  rejectOfflinePayment,
  settlePayment,
  settlingTx,
  startPayment,
  type PaymentPurpose,
  type PaymentRow,
  type StartPaymentInput,
  type StartedPaymentAnswer,
} from './service.js';
export { availableDrivers, findGateway, gatewayOf, useGateway } from './gateways.js';
export { DRIVER_LIMITS } from './limits.js';
export { paymentAnswer } from './routes.js';
export { sweepPayments, expireOverduePayments } from './sweep.js';
