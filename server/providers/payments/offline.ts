import { isoCurrency, positiveAmount } from './amounts.js';
import { paymentReference } from './reference.js';
import type { PaymentGateway, ProviderEvent, ProviderOutcome, StartedPayment, StartPayment } from './types.js';

/**
 * Bank transfer: the payer is shown the instructions and a reference to quote; the platform
 * operator approves the payment in Kazi when the money is seen. No provider is called, no
 * webhook exists, and the driver never settles anything itself.
 *
 * The instructions may name {reference}, {amount} and {currency}; they are filled in.
 */
export class OfflineGateway implements PaymentGateway {
  readonly name = 'offline' as const;

  constructor(private instructions: string) {}

  async start(request: StartPayment): Promise<StartedPayment> {
    const currency = isoCurrency(request.currency);
    const amount = positiveAmount(request.amount);
    const reference = paymentReference(request.paymentId);
    const fill: Record<string, string> = { reference, amount, currency };
    const text = this.instructions.replace(/\{(reference|amount|currency)\}/g, (_, k: string) => fill[k]);
    return { providerRef: reference, action: { kind: 'instructions', text, reference } };
  }

  readWebhook(): ProviderEvent | null {
    return null;
  }

  async query(providerRef: string): Promise<ProviderOutcome> {
    return { status: 'pending', providerRef };
  }
}
