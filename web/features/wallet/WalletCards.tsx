import { Coins, Receipt, Wallet, Zap } from 'lucide-react';
import { currencyFormatOf } from '@common/format';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useGetWalletMetricsQuery } from '@/store/wallet-api';
import { creditsLabel, formatCredits } from './credits';

/** SPEC §3 wallet metrics: balance (paid, granted, reserved), credit used, amount spent, total transactions. */
export function WalletCards() {
  const { data, isLoading, error, refetch } = useGetWalletMetricsQuery();
  const formats = useFormats();
  if (error) return <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the wallet')}</ErrorAlert>;
  if (isLoading || !data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4" aria-busy="true" aria-label="Loading the wallet">
        <StatCardSkeletons count={4} />
      </div>
    );
  }
  const marks = formats.currency;
  const currency = data.currency === formats.currency.code ? formats.currency : currencyFormatOf(data.currency);
  return (
    <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
      <StatCard
        label="Balance"
        value={creditsLabel(data.balance, marks)}
        icon={<Wallet className="size-5" />}
        tone="success"
        detail={
          <>
            {formatCredits(data.paid_balance, marks)} paid · {formatCredits(data.granted_balance, marks)} granted · {formatCredits(data.reserved, marks)} reserved
            {data.low_balance_threshold !== null && <span className="block">Alert below {creditsLabel(data.low_balance_threshold, marks)}</span>}
          </>
        }
      />
      <StatCard label="Credit used" value={creditsLabel(data.credit_used, marks)} icon={<Zap className="size-5" />} tone="warning" detail="spent on SMS, email and airtime" />
      <StatCard label="Amount spent" value={formats.money(data.amount_spent, currency)} icon={<Coins className="size-5" />} tone="info" detail="paid for credits" />
      <StatCard label="Total transactions" value={data.total_transactions} icon={<Receipt className="size-5" />} detail="lines in the credit ledger" />
    </div>
  );
}
