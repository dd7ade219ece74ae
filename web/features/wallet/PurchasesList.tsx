import { useState } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { Card } from '@/components/display/Card';
import { Tabs } from '@/components/overlay/Tabs';
import { PURCHASE_TABS, useGetTokenPurchasesQuery, type PurchaseTab } from '@/store/wallet-api';
import { PURCHASE_COLUMNS } from './columns';

const TAB_LABEL: Record<PurchaseTab, string> = { all: 'All', pending: 'Pending', succeeded: 'Paid', failed: 'Failed' };
const EMPTY: Record<PurchaseTab, string> = {
  all: 'No credit purchases yet',
  pending: 'No purchase is waiting for payment',
  succeeded: 'No paid purchases yet',
  failed: 'No failed purchases',
};

/** The credit purchases by status (GET /wallet/get-token-purchases?type=…), each paid one with its receipt. */
export function PurchasesList() {
  const [index, setIndex] = useState(0);
  return (
    <Card title="Purchases">
      <Tabs
        label="Purchases by status"
        selectedIndex={index}
        onChange={setIndex}
        tabs={PURCHASE_TABS.map((type, i) => ({
          key: type,
          label: TAB_LABEL[type],
          // only the tab on screen asks the server
          content:
            i === index ? (
              <DataTable
                label={`${TAB_LABEL[type]} credit purchases`}
                columns={PURCHASE_COLUMNS}
                useQuery={useGetTokenPurchasesQuery}
                params={{ type }}
                getRowId={(p) => p.id}
                defaultPerPage={10}
                empty={{ title: EMPTY[type], description: type === 'all' ? 'Credits you buy are listed here with their receipts.' : undefined }}
                errorFallback="Failed to load the purchases"
              />
            ) : null,
        }))}
      />
    </Card>
  );
}
