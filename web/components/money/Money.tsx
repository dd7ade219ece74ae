import { formatAmount, type CurrencyFormat } from '@common/money';
import { cx } from '../cx';
import { fallbackFormat } from './currencies';

const TONES = {
  plain: '',
  income: 'text-emerald-700 dark:text-emerald-400',
  expense: 'text-red-700 dark:text-red-400',
  signed: '',
} as const;

/**
 * An amount in its currency's own format (symbol, marks, precision) via common/money.ts. `signed`
 * colours negatives red; income/expense colour by the transaction type.
 */
export function Money({
  amount,
  currency,
  code,
  tone = 'plain',
  className,
}: {
  amount: string | null | undefined;
  currency?: CurrencyFormat;
  code?: string;
  tone?: keyof typeof TONES;
  className?: string;
}) {
  const format = currency ?? fallbackFormat(code ?? '');
  const negative = typeof amount === 'string' && amount.trim().startsWith('-');
  return (
    // isolated with its own direction: "1,234.00 KES" and "−12.00" read left to right inside a right-to-left line
    <span className={cx('whitespace-nowrap tabular-nums [unicode-bidi:plaintext]', TONES[tone], tone === 'signed' && negative && TONES.expense, className)}>
      {formatAmount(amount, format)}
    </span>
  );
}
