import { formatMoney, plainCurrency, type CurrencyFormat } from '@common/format';
import { useFormats } from '@/lib/format';
import { cx } from '../cx';

const TONES = {
  plain: '',
  income: 'text-emerald-700 dark:text-emerald-400',
  expense: 'text-red-700 dark:text-red-400',
  signed: '',
} as const;

/**
 * An amount in its currency's own format (symbol, marks, precision) via common/format.ts; without
 * `currency`, the company's default currency when `code` is it (or is not given), else the code after the figure. `signed`
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
  const formats = useFormats();
  const format = currency ?? (!code || code === formats.currency.code ? formats.currency : plainCurrency(code));
  const negative = typeof amount === 'string' && amount.trim().startsWith('-');
  return (
    // isolated with its own direction: "KSh1,234.00" and "−12.00" read left to right inside a right-to-left line
    <span className={cx('whitespace-nowrap tabular-nums [unicode-bidi:plaintext]', TONES[tone], tone === 'signed' && negative && TONES.expense, className)}>
      {formatMoney(amount, format)}
    </span>
  );
}
