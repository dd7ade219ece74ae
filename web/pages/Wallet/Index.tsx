import { Head, Link } from '@inertiajs/react';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { AutoTopUpSetting } from '@/features/wallet/AutoTopUpSetting';
import { BuyCredits } from '@/features/wallet/BuyCredits';
import { LowBalanceSetting } from '@/features/wallet/LowBalanceSetting';
import { PurchasesList } from '@/features/wallet/PurchasesList';
import { RecentTransactions } from '@/features/wallet/RecentTransactions';
import { WalletCards } from '@/features/wallet/WalletCards';
import { WalletUsage } from '@/features/wallet/WalletUsage';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';
import { useGetWalletMetricsQuery, useGetWalletSettingsQuery, WALLET_PERIODS, type WalletPeriod } from '@/store/wallet-api';

const DEFAULT_PERIOD: WalletPeriod = '30d';

function initialPeriod(): WalletPeriod {
  const asked = readUrlParams().get('period');
  return (WALLET_PERIODS as readonly string[]).includes(asked ?? '') ? (asked as WalletPeriod) : DEFAULT_PERIOD;
}

/** Wallet/Index (PAGES.md): the prepaid credits — balance and figures, usage, purchases, and buying more. */
export default function WalletIndex() {
  const canBuy = useCan('wallet.purchase');
  const canManage = useCan('wallet.manage');
  const { data: metrics } = useGetWalletMetricsQuery();
  const { data: settings } = useGetWalletSettingsQuery(undefined, { skip: !canManage });
  const [period, setPeriod] = useState<WalletPeriod>(initialPeriod);
  const choosePeriod = (p: WalletPeriod) => {
    setPeriod(p);
    writeUrlParams({ period: p === DEFAULT_PERIOD ? undefined : p });
  };

  return (
    <>
      <Head title="Wallet" />
      <PageHeader title="Wallet" description="Prepaid credits pay for the SMS, emails and airtime you send.">
        <Link href="/wallet/transactions" className={buttonClasses('outline')}>
          <ArrowLeftRight aria-hidden="true" className="size-4" />
          Transactions
        </Link>
        {canBuy && (
          <a href="#buy-credits" className={buttonClasses('primary')}>
            Buy credits
          </a>
        )}
      </PageHeader>

      <div className="flex flex-col gap-6">
        <WalletCards />
        <WalletUsage period={period} onPeriod={choosePeriod} />
        <div className="grid items-start gap-6 xl:grid-cols-2">
          {(canBuy || canManage) && (
            <div className="flex flex-col gap-6">
              {canBuy && <BuyCredits />}
              {canManage && metrics && <LowBalanceSetting key={metrics.low_balance_threshold ?? 'off'} threshold={metrics.low_balance_threshold} />}
              {canManage && settings && <AutoTopUpSetting key={JSON.stringify(settings)} settings={settings} />}
            </div>
          )}
          <RecentTransactions />
        </div>
        <PurchasesList />
      </div>
    </>
  );
}

WalletIndex.layout = AppLayout;
