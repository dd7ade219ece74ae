import { useMemo } from 'react';
import type { DiscountType, DocumentTotals } from '@common/documents/totals';
import { isZero, type CurrencyFormat } from '@common/money';
import { cx } from '@/components/cx';
import { Money } from '@/components/money';
import { liveTotals, trimZeros, type LineValue, type TaxOption } from './lines';

export type TotalsPanelProps = {
  /** the lines on screen (the form's `items`) */
  lines: readonly LineValue[];
  /** every tax a line may carry (id → name, rate, type) */
  taxes: readonly TaxOption[];
  /** the document discount */
  discount_type?: DiscountType | null;
  discount_rate?: string | null;
  /** the document's currency: figures are rounded to its precision and shown in its format */
  currency: CurrencyFormat;
  /** stored figures to show instead (a Show page shows what was saved); computed live otherwise */
  totals?: DocumentTotals;
  className?: string;
};

/**
 * Sub-total, discount, each tax (inclusive ones marked "included": already inside the prices, so
 * not added again) and total of a document, computed live with documentTotals as the lines are
 * typed, in the document's currency.
 */
export function TotalsPanel({ lines, taxes, discount_type, discount_rate, currency, totals, className }: TotalsPanelProps) {
  const live = useMemo(
    () => totals ?? liveTotals(lines, taxes, { discount_type, discount_rate }, currency.precision),
    [totals, lines, taxes, discount_type, discount_rate, currency.precision],
  );
  const discountNote = discount_type === 'percent' && discount_rate && !isZeroText(discount_rate) ? ` (${trimZeros(discount_rate)}%)` : '';

  return (
    <section aria-label="Totals" className={cx('w-full max-w-sm text-sm', className)}>
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        <Row label="Sub-total" amount={live.sub_total} currency={currency} />
        {!isZero(live.discount_total) && <Row label={`Discount${discountNote}`} amount={`-${live.discount_total}`} currency={currency} />}
        {live.taxes.map((t) => (
          <Row
            key={t.tax_id}
            label={
              <>
                {t.name} ({t.type === 'fixed' ? 'per unit' : `${trimZeros(t.rate)}%`})
                {t.included && ' '}
                {t.included && <span className="ms-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200">included</span>}
              </>
            }
            amount={t.amount}
            currency={currency}
            muted={t.included}
          />
        ))}
        <Row label="Total" amount={live.total} currency={currency} strong />
      </dl>
    </section>
  );
}

const isZeroText = (v: string) => {
  try {
    return isZero(v);
  } catch {
    return true;
  }
};

function Row({ label, amount, currency, strong = false, muted = false }: { label: React.ReactNode; amount: string; currency: CurrencyFormat; strong?: boolean; muted?: boolean }) {
  return (
    <div className={cx('flex items-baseline justify-between gap-4 py-2', strong && 'text-base font-semibold text-slate-900 dark:text-white')}>
      <dt className={cx('text-start', strong ? '' : 'text-slate-600 dark:text-slate-300')}>{label}</dt>
      <dd className={cx('text-end', muted && 'text-slate-600 dark:text-slate-300', !strong && !muted && 'text-slate-900 dark:text-slate-100')}>
        {/* an amount reads left to right in a right-to-left page too ("-KSh1,000.00") */}
        <span dir="ltr">
          <Money amount={amount} currency={currency} />
        </span>
      </dd>
    </div>
  );
}
