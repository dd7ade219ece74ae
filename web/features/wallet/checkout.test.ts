import { describe, expect, it } from 'vitest';
import type { CreditPurchaseRow } from '@common/answers/wallet';
import type { PaymentAction, PaymentStatus } from '@common/wallet';
import { checkoutStage, orderedDrivers, pollsWhile } from './checkout';

const purchase = (status: PaymentStatus): CreditPurchaseRow => ({
  id: 4,
  credits: '1000.0000',
  amount: '1500.00',
  currency: 'KES',
  driver: 'mpesa',
  status,
  receipt_number: null,
  receipt_url: null,
  user_name: 'Amina',
  paid_at: null,
  created_at: '2026-11-24T10:00:00Z',
});
const at = (status: PaymentStatus, action: PaymentAction | null = null) => checkoutStage({ purchase: purchase(status), action });

describe('the checkout page stage', () => {
  it('is settled by the purchase status first, whatever the last action said', () => {
    expect(at('succeeded', { kind: 'stk_push', message: 'Check your phone' })).toEqual({ stage: 'paid' });
    for (const status of ['failed', 'expired', 'cancelled'] as const) expect(at(status, { kind: 'redirect', url: 'https://x' })).toEqual({ stage: 'failed' });
  });

  it('waits (and polls) while a push, a card page or a settlement is under way', () => {
    const push = at('pending', { kind: 'stk_push', message: 'Enter your PIN' });
    expect(push).toEqual({ stage: 'waiting', action: { kind: 'stk_push', message: 'Enter your PIN' } });
    expect(pollsWhile(push)).toBe(true);
    // back from the card page before the webhook: still waiting, not "choose again"
    expect(at('pending', { kind: 'redirect', url: 'https://pay' }).stage).toBe('waiting');
    expect(at('pending', { kind: 'done' }).stage).toBe('waiting');
  });

  it('shows the offline instructions without polling, and the choice when nothing started', () => {
    const offline = at('pending', { kind: 'instructions', text: 'Pay to …', reference: 'KZ-4' });
    expect(offline.stage).toBe('instructions');
    expect(pollsWhile(offline)).toBe(false);
    expect(at('pending')).toEqual({ stage: 'choose' });
    expect(pollsWhile(at('pending'))).toBe(false);
    expect(pollsWhile(at('succeeded'))).toBe(false);
  });

  it('offers card, M-Pesa, bank transfer, test payment in that order', () => {
    expect(orderedDrivers(['log', 'offline', 'mpesa', 'stripe'])).toEqual(['stripe', 'mpesa', 'offline', 'log']);
    expect(orderedDrivers(['mpesa'])).toEqual(['mpesa']);
  });
});
