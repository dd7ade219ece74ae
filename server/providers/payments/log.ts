import { isoCurrency, positiveAmount } from './amounts.js';
import type { PaymentGateway, ProviderEvent, ProviderOutcome, StartedPayment, StartPayment } from './types.js';

export interface LineLogger {
  info(obj: object, msg: string): void;
}

/**
 * The development default: every payment succeeds the moment it starts, and a line in the log
 * says so. Never enabled in production (server/config.ts refuses it).
 */
export class LogGateway implements PaymentGateway {
  readonly name = 'log' as const;

  constructor(private log: LineLogger) {}

  async start(request: StartPayment): Promise<StartedPayment> {
    const currency = isoCurrency(request.currency);
    const amount = positiveAmount(request.amount);
    const providerRef = `log_${request.paymentId}`;
    this.log.info({ payment: request.paymentId, amount, currency }, `payment ${request.paymentId} of ${currency} ${amount} approved by the log driver`);
    return {
      providerRef,
      action: { kind: 'done' },
      outcome: { status: 'succeeded', providerRef, paymentId: request.paymentId, amount, currency, receipt: providerRef },
    };
  }

  readWebhook(): ProviderEvent | null {
    return null;
  }

  async query(providerRef: string): Promise<ProviderOutcome> {
    return { status: 'succeeded', providerRef };
  }
}
