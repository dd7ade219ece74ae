import { Head } from '@inertiajs/react';
import { useMemo, useState } from 'react';
import { CREDIT_MOVEMENTS, CREDIT_SERVICES } from '@common/wallet';
import { DataTable } from '@/components/data-table/DataTable';
import type { TableFilter } from '@/components/data-table/query';
import { PageHeader } from '@/components/display/PageHeader';
import { controlClasses, selectClasses } from '@/components/form/styles';
import { BackLink } from '@/components/record/BackLink';
import { WALLET_TRANSACTION_COLUMNS } from '@/features/wallet/columns';
import { MOVEMENT_LABEL, SERVICE_LABEL } from '@/features/wallet/credits';
import { AppLayout } from '@/layouts/AppLayout';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';
import { useGetWalletTransactionsQuery } from '@/store/wallet-api';

const FILTERS: TableFilter[] = [
  { name: 'type', label: 'Type', options: [{ value: '', label: 'All types' }, ...CREDIT_MOVEMENTS.map((t) => ({ value: t, label: MOVEMENT_LABEL[t] }))] },
  { name: 'service', label: 'Service', options: [{ value: '', label: 'All services' }, ...CREDIT_SERVICES.map((s) => ({ value: s, label: SERVICE_LABEL[s] }))] },
];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
type UserRef = { id: number; name: string };
type Extra = { user_id: string; date_from: string; date_to: string };

function initialExtra(): Extra {
  const q = readUrlParams();
  const day = (key: string) => (ISO_DAY.test(q.get(key) ?? '') ? (q.get(key) as string) : '');
  return { user_id: /^\d+$/.test(q.get('user_id') ?? '') ? (q.get('user_id') as string) : '', date_from: day('date_from'), date_to: day('date_to') };
}

const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400';

/** The company's members (the page's prop), to filter by who caused a line. */
function UserFilter({ users, value, onChange }: { users: readonly UserRef[]; value: string; onChange: (v: string) => void }) {
  return (
    <label className={labelClass}>
      User
      <select className={`${selectClasses} w-auto min-w-40`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Everyone</option>
        {users.map((u) => (
          <option key={u.id} value={String(u.id)}>
            {u.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Wallet/Transactions (PAGES.md): every line of the credit ledger, filtered, paged and exportable; the filters live in the address. */
export default function WalletTransactions({ users = [] }: { users?: UserRef[] }) {
  const [extra, setExtra] = useState<Extra>(initialExtra);
  const change = (key: keyof Extra, value: string) => {
    const next = { ...extra, [key]: value };
    setExtra(next);
    writeUrlParams(next);
  };
  const params = useMemo(
    () => ({ user_id: extra.user_id || undefined, date_from: extra.date_from || undefined, date_to: extra.date_to || undefined }),
    [extra],
  );

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      {users.length > 1 && <UserFilter users={users} value={extra.user_id} onChange={(v) => change('user_id', v)} />}
      <label className={labelClass}>
        From
        <input type="date" className={controlClasses(false, 'w-auto tabular-nums')} value={extra.date_from} max={extra.date_to || undefined} onChange={(e) => change('date_from', e.target.value)} />
      </label>
      <label className={labelClass}>
        To
        <input type="date" className={controlClasses(false, 'w-auto tabular-nums')} value={extra.date_to} min={extra.date_from || undefined} onChange={(e) => change('date_to', e.target.value)} />
      </label>
    </div>
  );

  return (
    <>
      <Head title="Wallet transactions" />
      <PageHeader title="Wallet transactions" description="Every purchase, grant, send, refund and expiry of your credits, with who or what caused it.">
        <BackLink href="/wallet">Wallet</BackLink>
      </PageHeader>
      <DataTable
        label="Wallet transactions"
        columns={WALLET_TRANSACTION_COLUMNS}
        useQuery={useGetWalletTransactionsQuery}
        params={params}
        filters={FILTERS}
        toolbar={toolbar}
        search={{ placeholder: 'Description or reference…', label: 'Search wallet transactions' }}
        defaultSort={{ id: 'created_at', desc: true }}
        exportUrl="/wallet/transactions/export"
        getRowId={(t) => t.id}
        urlState
        empty={{ title: 'No wallet transactions yet', description: 'Buying credits, grants and every SMS, email or airtime send paid from the wallet add a line here.' }}
        errorFallback="Failed to load the wallet transactions"
      />
    </>
  );
}

WalletTransactions.layout = AppLayout;
