import { Link } from '@inertiajs/react';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { EmptyState } from '@/components/display/EmptyState';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { SkeletonText } from '@/components/display/Skeleton';
import { errorMessage } from '@/lib/errors';
import { useGetRecentWalletTransactionsQuery } from '@/store/wallet-api';
import { MovementBadge, SignedCredits } from './columns';

/** The latest ledger lines (GET /wallet/get-recent-transactions), with a link to the whole list. */
export function RecentTransactions() {
  const { data, isLoading, error, refetch } = useGetRecentWalletTransactionsQuery();
  return (
    <Card
      title="Recent transactions"
      actions={
        <Link href="/wallet/transactions" className="text-sm font-medium text-primary hover:underline dark:text-primary-light">
          View all
        </Link>
      }
    >
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the recent transactions')}</ErrorAlert>
      ) : isLoading || !data ? (
        <SkeletonText lines={5} />
      ) : data.length === 0 ? (
        <EmptyState title="No transactions yet" description="Purchases, grants and the credits your SMS, emails and airtime use appear here." />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Recent transactions">
          {data.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <div className="flex items-center gap-2">
                  <MovementBadge type={t.type} />
                  <span className="truncate text-sm text-slate-900 dark:text-white">{t.description}</span>
                </div>
                <div className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  <DateTimeText value={t.created_at} />
                  {t.user_name && <> · {t.user_name}</>}
                </div>
              </div>
              <SignedCredits credits={t.credits} className="text-sm font-medium" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
