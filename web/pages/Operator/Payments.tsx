import { Head } from '@inertiajs/react';
import { currencyFormatOf, formatMoney } from '@common/format';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import type { TableFilter } from '@/components/data-table/query';
import { Badge, StatusPill } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { formatDateTime } from '@/components/display/time';
import { Button } from '@/components/form/Button';
import { TextInput } from '@/components/form/TextInput';
import { Modal } from '@/components/overlay/Modal';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import {
  useApproveOfflinePaymentMutation,
  useGetOperatorPaymentsQuery,
  useRejectOfflinePaymentMutation,
  type OperatorPaymentRow,
} from '@/store/operator-api';

// The platform operator's payments (docs/decisions/0031): the bank transfers companies say they
// made wait here until the operator sees the money and approves them (the credits land), or
// rejects them with a reason the company is shown.

const FILTERS: TableFilter[] = [
  {
    name: 'type',
    label: 'Show',
    defaultValue: 'waiting',
    options: [
      { value: 'waiting', label: 'Waiting for approval' },
      { value: 'offline', label: 'All bank transfers' },
      { value: 'all', label: 'All payments' },
    ],
  },
];

const money = (row: OperatorPaymentRow) => formatMoney(row.amount, currencyFormatOf(row.currency));

const col = columnHelper<OperatorPaymentRow>();
const COLUMNS = col.columns([
  col.accessor('company', {
    header: 'Company',
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{row.original.company}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{row.original.description}</p>
      </div>
    ),
  }),
  col.accessor('provider_ref', {
    header: 'Reference',
    cell: ({ row }) => <span className="font-mono text-xs">{row.original.provider_ref ?? '—'}</span>,
  }),
  col.accessor('amount', { header: 'Amount', meta: { align: 'end', className: 'whitespace-nowrap tabular-nums' }, cell: ({ row }) => money(row.original) }),
  col.accessor('driver', { header: 'Paid by', cell: ({ getValue }) => <Badge tone="secondary">{getValue()}</Badge> }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <div className="flex flex-wrap items-center gap-1">
        <StatusPill status={row.original.status} />
        {row.original.late && <Badge tone="warning">late</Badge>}
        {row.original.failure_reason && row.original.status !== 'succeeded' && (
          <span className="text-xs text-slate-600 dark:text-slate-400">{row.original.failure_reason}</span>
        )}
      </div>
    ),
  }),
  col.accessor('created_at', {
    header: 'Started',
    meta: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
    cell: ({ row }) => (
      <span title={row.original.created_by_name ? `by ${row.original.created_by_name}` : undefined}>{formatDateTime(row.original.created_at, 'UTC')}</span>
    ),
  }),
]);

const waiting = (p: OperatorPaymentRow) => p.driver === 'offline' && (p.status === 'pending' || p.status === 'expired');

export default function OperatorPayments() {
  const [approve, approving] = useApproveOfflinePaymentMutation();
  const [reject, rejecting] = useRejectOfflinePaymentMutation();
  const [approveOf, setApproveOf] = useState<OperatorPaymentRow | null>(null);
  const [rejectOf, setRejectOf] = useState<OperatorPaymentRow | null>(null);
  const [receipt, setReceipt] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close() {
    setApproveOf(null);
    setRejectOf(null);
    setReceipt('');
    setReason('');
    setErrors({});
  }

  async function confirmApprove() {
    if (!approveOf) return;
    try {
      const answer = await approve({ tenant_id: approveOf.tenant_id, id: approveOf.id, receipt }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      close();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'The payment could not be approved.'));
    }
  }

  async function confirmReject() {
    if (!rejectOf) return;
    try {
      const answer = await reject({ tenant_id: rejectOf.tenant_id, id: rejectOf.id, reason }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      close();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'The payment could not be rejected.'));
    }
  }

  return (
    <>
      <Head title="Operator payments" />
      <PageHeader title="Payments" description="Bank transfers wait here until you see the money: approve one to credit the company, or reject it with the reason." />
      <DataTable
        label="Payments"
        columns={COLUMNS}
        useQuery={useGetOperatorPaymentsQuery}
        getRowId={(p) => `${p.tenant_id}-${p.id}`}
        rowLabel={(p) => `${p.company} ${money(p)}`}
        search={{ placeholder: 'Search company or reference…', label: 'Search payments' }}
        filters={FILTERS}
        rowActions={(p) =>
          waiting(p) ? (
            <>
              <Button size="sm" variant="ghost" onClick={() => setApproveOf(p)} aria-label={`Approve ${p.provider_ref ?? p.id}`}>
                <Check aria-hidden="true" className="size-4" />
                Approve
              </Button>
              <Button size="sm" variant="danger-ghost" onClick={() => setRejectOf(p)} aria-label={`Reject ${p.provider_ref ?? p.id}`}>
                <X aria-hidden="true" className="size-4" />
                Reject
              </Button>
            </>
          ) : null
        }
        empty={{ title: 'Nothing waiting', description: 'Bank transfers that companies report will show here.' }}
        errorFallback="Failed to fetch payments"
      />

      <Modal
        open={approveOf !== null}
        onClose={close}
        title="Approve this payment?"
        description={approveOf ? `${approveOf.company} paid ${money(approveOf)} with reference ${approveOf.provider_ref}. Its credits land at once.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void confirmApprove()} busy={approving.isLoading} disabled={approving.isLoading}>
              Approve
            </Button>
          </>
        }
      >
        <TextInput
          id="approve-receipt"
          label="Bank reference (optional)"
          value={receipt}
          maxLength={120}
          onChange={(e) => setReceipt(e.target.value)}
          error={errors.receipt}
          hint="Shown on the company's receipt."
        />
      </Modal>

      <Modal
        open={rejectOf !== null}
        onClose={close}
        title="Reject this payment?"
        description={rejectOf ? `${rejectOf.company}: ${money(rejectOf)}, reference ${rejectOf.provider_ref}.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmReject()} busy={rejecting.isLoading} disabled={rejecting.isLoading}>
              Reject
            </Button>
          </>
        }
      >
        <TextInput
          id="reject-reason"
          label="Reason"
          required
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          hint="The company sees it on its purchase."
        />
      </Modal>
    </>
  );
}

OperatorPayments.layout = AppLayout;
