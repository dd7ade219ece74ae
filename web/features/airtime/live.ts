import type { ListParams } from '@/components/data-table/query';
import { useGetAirtimeTransactionsQuery } from '@/store/airtime-api';

/** The top-ups list, asked again every few seconds while the page is in view: status callbacks settle top-ups after they are sent. */
export function useAirtimeTransactionsLive(params: ListParams) {
  return useGetAirtimeTransactionsQuery(params, { pollingInterval: 5000, skipPollingIfUnfocused: true });
}
