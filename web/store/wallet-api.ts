import type { Answer, One } from '@common/answers/http';
import type { AutoTopUpSettings, CheckoutData, CreditPurchaseRow, PurchaseStarted, WalletDistribution, WalletMetrics, WalletSettings, WalletTransactionRow } from '@common/answers/wallet';
import type { Paginator } from '@common/schemas/list-query';
import type { PaymentDriver } from '@common/wallet';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

// The prepaid credit wallet (SPEC §7 Wallet): the figures, lists and the purchase of credits,
// read against the shared answer shapes of common/answers/wallet.ts. Every purchase or payment
// that may move the balance invalidates the 'Wallet' tag, so the cards, lists and chart follow.

export type { AutoTopUpSettings, CheckoutData, CreditPurchaseRow, WalletDistribution, WalletMetrics, WalletRates, WalletSettings, WalletTransactionRow } from '@common/answers/wallet';

/** POST /wallet/settings: the threshold always (null: off), the automatic top-up when it changes */
export type WalletSettingsInput = { low_balance_threshold: string | null; auto_top_up?: AutoTopUpSettings };

/** the chart's periods (GET /wallet/get-transactions-distribution?type=) */
export const WALLET_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type WalletPeriod = (typeof WALLET_PERIODS)[number];

/** the tabs of the purchases list (GET /wallet/get-token-purchases?type=) */
export const PURCHASE_TABS = ['all', 'pending', 'succeeded', 'failed'] as const;
export type PurchaseTab = (typeof PURCHASE_TABS)[number];

export type CompletePaymentInput = { purchase_id: number; driver: PaymentDriver; phone?: string };

const LIST = { type: 'Wallet' as const, id: 'LIST' };
/** what a settled payment changes: the figures, the ledger lists, the chart and the purchases */
const WALLET_FIGURES = (['METRICS', 'LIST', 'DISTRIBUTION', 'PURCHASES'] as const).map((id) => ({ type: 'Wallet' as const, id }));

const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /wallet/metrics → balance (paid, granted, reserved), credit used, amount spent, total transactions, rates */
    getWalletMetrics: build.query<WalletMetrics, void>({
      query: () => ({ url: '/wallet/metrics' }),
      transformResponse: (answer: One<WalletMetrics>) => answer.data,
      providesTags: [{ type: 'Wallet', id: 'METRICS' }],
    }),
    /** GET /wallet/get-transactions-distribution?type=30d → spending by service and usage over time */
    getWalletDistribution: build.query<WalletDistribution, WalletPeriod>({
      query: (type) => ({ url: '/wallet/get-transactions-distribution', params: { type } }),
      transformResponse: (answer: One<WalletDistribution>) => answer.data,
      providesTags: [{ type: 'Wallet', id: 'DISTRIBUTION' }],
    }),
    /** GET /wallet/get-recent-transactions → the latest ledger lines */
    getRecentWalletTransactions: build.query<WalletTransactionRow[], void>({
      query: () => ({ url: '/wallet/get-recent-transactions' }),
      transformResponse: (answer: One<WalletTransactionRow[]>) => answer.data,
      providesTags: [LIST],
    }),
    /** GET /wallet/get-transactions (page, per_page, search, sort, type, service, user_id, date_from, date_to) → paginator */
    getWalletTransactions: build.query<Paginator<WalletTransactionRow>, ListParams>({
      query: (params) => ({ url: '/wallet/get-transactions', params }),
      providesTags: [LIST],
    }),
    /** GET /wallet/get-token-purchases?type=all|pending|succeeded|failed → paginator of credit purchases */
    getTokenPurchases: build.query<Paginator<CreditPurchaseRow>, ListParams>({
      query: (params) => ({ url: '/wallet/get-token-purchases', params }),
      providesTags: [{ type: 'Wallet', id: 'PURCHASES' }],
    }),
    /** POST /wallet/credits/purchase {credits} → 201: a pending purchase and its checkout page */
    purchaseCredits: build.mutation<Answer<PurchaseStarted>, { credits: string }>({
      query: (body) => ({ url: '/wallet/credits/purchase', method: 'POST', body }),
      invalidatesTags: [{ type: 'Wallet', id: 'PURCHASES' }],
    }),
    /** GET /wallet/get-checkout-data/{id} → the purchase, the next step and the drivers offered; polled while a payment is pending */
    getCheckoutData: build.query<CheckoutData, number>({
      query: (id) => ({ url: `/wallet/get-checkout-data/${id}` }),
      transformResponse: (answer: One<CheckoutData>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Wallet', id: `CHECKOUT-${id}` }],
    }),
    /** POST /wallet/complete-payment {purchase_id, driver, phone} → the checkout data after starting the payment */
    completePayment: build.mutation<Answer<CheckoutData>, CompletePaymentInput>({
      query: (body) => ({ url: '/wallet/complete-payment', method: 'POST', body }),
      // the answer is the checkout page's new state; a payment settled at once (the log driver) moves the balance and the lists
      async onQueryStarted({ purchase_id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(walletApi.util.upsertQueryData('getCheckoutData', purchase_id, data.data));
        } catch {
          // the caller shows the failure
        }
      },
      invalidatesTags: WALLET_FIGURES,
    }),
    /** GET /wallet/settings → the low-balance threshold and the automatic top-up */
    getWalletSettings: build.query<WalletSettings, void>({
      query: () => ({ url: '/wallet/settings' }),
      transformResponse: (answer: One<WalletSettings>) => answer.data,
      providesTags: [{ type: 'Wallet', id: 'SETTINGS' }],
    }),
    /** POST /wallet/settings {low_balance_threshold (credits, or null: off), auto_top_up?} → the wallet's settings */
    saveWalletSettings: build.mutation<Answer<WalletSettings>, WalletSettingsInput>({
      query: (body) => ({ url: '/wallet/settings', method: 'POST', body }),
      // a threshold above the balance is a crossing: an automatic purchase may appear
      invalidatesTags: (['METRICS', 'SETTINGS', 'PURCHASES'] as const).map((id) => ({ type: 'Wallet' as const, id })),
    }),
  }),
});

export const {
  useGetWalletMetricsQuery,
  useGetWalletDistributionQuery,
  useGetRecentWalletTransactionsQuery,
  useGetWalletTransactionsQuery,
  useGetTokenPurchasesQuery,
  usePurchaseCreditsMutation,
  useGetCheckoutDataQuery,
  useCompletePaymentMutation,
  useGetWalletSettingsQuery,
  useSaveWalletSettingsMutation,
} = walletApi;

/** Asks again for the wallet's figures and lists (a payment settled while the page polled). */
export const refreshWallet = () => walletApi.util.invalidateTags(WALLET_FIGURES);
