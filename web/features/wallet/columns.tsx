import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { isDecimal, isZero } from '@common/money';
import type { CreditMovement } from '@common/wallet';
import { columnHelper } from '@/components/data-table/features';
import { Badge, StatusPill, type Tone } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { Money } from '@/components/money/Money';
import { cx } from '@/components/cx';
import { useFormats } from '@/lib/format';
import type { CreditPurchaseRow, WalletTransactionRow } from '@/store/wallet-api';
import { DRIVER_LABEL, formatCredits, KIND_LABEL, MOVEMENT_LABEL, SERVICE_LABEL, STATUS_LABEL, STATUS_TONE } from './credits';

const MOVEMENT_TONE: Record<CreditMovement, Tone> = {
  purchase: 'success',
  grant: 'info',
  reserve: 'warning',
  settle: 'primary',
  release: 'secondary',
  refund: 'success',
  expiry: 'danger',
  adjustment: 'dark',
};

const none = <span className="text-slate-400">—</span>;

export function MovementBadge({ type }: { type: CreditMovement }) {
  return <Badge tone={MOVEMENT_TONE[type]}>{MOVEMENT_LABEL[type]}</Badge>;
}

/** Signed credits: "+1,000" in green, "−12.5" plain, in the company's marks. */
export function SignedCredits({ credits, className }: { credits: string; className?: string }) {
  const formats = useFormats();
  const negative = credits.trim().startsWith('-');
  const zero = isDecimal(credits) && isZero(credits);
  return (
    <span className={cx('whitespace-nowrap tabular-nums [unicode-bidi:plaintext]', negative || zero ? 'text-slate-900 dark:text-white' : 'text-emerald-700 dark:text-emerald-400', className)}>
      {negative || zero ? '' : '+'}
      {formatCredits(credits, formats.currency)}
    </span>
  );
}

function PlainCredits({ credits }: { credits: string }) {
  const formats = useFormats();
  return <span className="whitespace-nowrap tabular-nums">{formatCredits(credits, formats.currency)}</span>;
}

function What({ row }: { row: WalletTransactionRow }): ReactNode {
  return (
    <div className="min-w-0">
      <div className="text-slate-900 dark:text-white">{row.description}</div>
      <div className="text-xs text-slate-500 dark:text-slate-400">
        {[row.service ? SERVICE_LABEL[row.service] : null, KIND_LABEL[row.kind], row.reference].filter(Boolean).join(' · ')}
      </div>
    </div>
  );
}

const tx = columnHelper<WalletTransactionRow>();
/** The ledger lines (Wallet/Transactions): when, what, who, the signed credits and the balance after. */
export const WALLET_TRANSACTION_COLUMNS = tx.columns([
  tx.accessor('created_at', { header: 'Date', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
  tx.accessor('type', { header: 'Type', cell: ({ getValue }) => <MovementBadge type={getValue()} /> }),
  tx.accessor('description', { header: 'Description', cell: ({ row }) => <What row={row.original} /> }),
  tx.accessor('user_name', { header: 'By', cell: ({ getValue }) => getValue() ?? none }),
  tx.accessor('credits', { header: 'Credits', meta: { align: 'end' }, cell: ({ getValue }) => <SignedCredits credits={getValue()} /> }),
  tx.accessor('balance_after', { header: 'Balance', meta: { align: 'end' }, cell: ({ getValue }) => <PlainCredits credits={getValue()} /> }),
]);

/** The receipt's download link of a paid purchase. */
export function ReceiptLink({ purchase, children }: { purchase: Pick<CreditPurchaseRow, 'receipt_url' | 'receipt_number'>; children?: ReactNode }) {
  if (!purchase.receipt_url) return null;
  return (
    <a href={purchase.receipt_url} download className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline dark:text-primary-light">
      <Download aria-hidden="true" className="size-4" />
      {children ?? `Receipt ${purchase.receipt_number ?? ''}`.trim()}
    </a>
  );
}

const pc = columnHelper<CreditPurchaseRow>();
/** The credit purchases (Wallet/Index): credits, price, how paid, status, receipt. */
export const PURCHASE_COLUMNS = pc.columns([
  pc.accessor('created_at', { header: 'Date', meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
  pc.accessor('credits', { header: 'Credits', meta: { align: 'end' }, cell: ({ getValue }) => <PlainCredits credits={getValue()} /> }),
  pc.accessor('amount', { header: 'Amount', meta: { align: 'end' }, cell: ({ row }) => <Money amount={row.original.amount} code={row.original.currency} /> }),
  pc.accessor('driver', { header: 'Paid by', cell: ({ getValue }) => { const d = getValue(); return d ? DRIVER_LABEL[d] : none; } }),
  pc.accessor('user_name', {
    header: 'Bought by',
    cell: ({ row }) =>
      row.original.automatic ? (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <Badge tone="info">Automatic</Badge>
          {row.original.user_name}
        </span>
      ) : (
        (row.original.user_name ?? none)
      ),
  }),
  pc.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <>
        <StatusPill status={row.original.status} label={STATUS_LABEL[row.original.status]} tone={STATUS_TONE[row.original.status]} />
        {row.original.failure_reason && <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">{row.original.failure_reason}</span>}
      </>
    ),
  }),
  pc.display({
    id: 'receipt',
    header: 'Receipt',
    cell: ({ row }) =>
      row.original.receipt_url ? (
        <ReceiptLink purchase={row.original}>
          <span className="sr-only">Download receipt </span>
          {row.original.receipt_number ?? 'PDF'}
        </ReceiptLink>
      ) : row.original.status === 'pending' ? (
        <a href={`/wallet/checkout/${row.original.id}`} className="font-medium text-primary hover:underline dark:text-primary-light">
          Pay now
        </a>
      ) : (
        none
      ),
  }),
]);
