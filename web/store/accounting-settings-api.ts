import type { CatalogueCurrency } from '@common/currency-catalogue';
import type { Paginator } from '@common/schemas/list-query';
import type { AccountingSettingKey, AccountingSettings, CategoryInput, CategoryType, CurrencyInput, PaymentMethodInput } from '@common/schemas/accounting-settings';
import type { TaxInput } from '@common/schemas/accounting';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';
import { uploadFile } from './upload';

type Answer<T> = { message: string; data: T };
type Stamps = { created_at: string; updated_at: string };

export type CurrencyRow = Stamps & {
  id: number;
  code: string;
  name: string;
  /** exact decimal text against the default currency ("129.5") */
  rate: string;
  precision: number;
  symbol: string;
  symbol_first: boolean;
  decimal_mark: string;
  thousands_separator: string;
  is_default: boolean;
  enabled: boolean;
};
export type CatalogueEntry = CatalogueCurrency & { added: boolean };
export type CategoryRow = Stamps & { id: number; name: string; type: CategoryType; color: string; parent_id: number | null; parent_name: string | null; enabled: boolean };
export type TaxType = 'normal' | 'inclusive' | 'compound' | 'fixed' | 'withholding';
export type TaxRow = Stamps & { id: number; name: string; rate: number; type: TaxType; enabled: boolean };
export type PaymentMethodRow = Stamps & { id: number; name: string; code: string; instructions: string | null; position: number; enabled: boolean };
export type GeneralSettings = { value: AccountingSettings['general']; logo: string | null };
/** the settings sections edited with GET <section>/json and PUT <section>/update */
export type EditableSection = Exclude<AccountingSettingKey, 'general'>;

const slug = (key: AccountingSettingKey) => key.replace(/_/g, '-');

/**
 * SPEC §8: taxes, categories and currencies failures are only logged (the list shows its own
 * error state; no toast).
 */
const logFailure =
  (what: string) =>
  async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
    try {
      await queryFulfilled;
    } catch (failure) {
      console.error(`Failed to fetch ${what}`, (failure as { error?: unknown }).error ?? failure);
    }
  };

/** Settings/Accounting: the currencies, categories, taxes and payment methods resources and the settings sections. */
export const accountingSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrencies: build.query<Paginator<CurrencyRow>, ListParams>({
      query: (params) => ({ url: '/settings/accounting/currencies/json', params }),
      providesTags: [{ type: 'Currency', id: 'LIST' }],
      onQueryStarted: logFailure('currencies'),
    }),
    getDefaultCurrency: build.query<CurrencyRow, void>({
      query: () => '/settings/accounting/currencies/default',
      transformResponse: (answer: { data: CurrencyRow }) => answer.data,
      providesTags: [{ type: 'Currency', id: 'DEFAULT' }],
      onQueryStarted: logFailure('the default currency'),
    }),
    getCurrencyCatalogue: build.query<CatalogueEntry[], void>({
      query: () => '/settings/accounting/currencies/catalogue',
      transformResponse: (answer: { data: CatalogueEntry[] }) => answer.data,
      providesTags: [{ type: 'Currency', id: 'CATALOGUE' }],
    }),
    createCurrency: build.mutation<Answer<CurrencyRow>, CurrencyInput>({
      query: (body) => ({ url: '/settings/accounting/currencies/store', method: 'POST', body }),
      // a new default changes the Defaults section too
      invalidatesTags: ['Currency', 'AccountingSettings'],
    }),
    updateCurrency: build.mutation<Answer<CurrencyRow>, { id: number } & Partial<CurrencyInput>>({
      query: ({ id, ...body }) => ({ url: `/settings/accounting/currencies/update/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Currency', 'AccountingSettings'],
    }),
    deleteCurrency: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/settings/accounting/currencies/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Currency'],
    }),

    getCategories: build.query<Paginator<CategoryRow>, ListParams>({
      query: (params) => ({ url: '/settings/accounting/categories/json', params }),
      providesTags: [{ type: 'Category', id: 'LIST' }],
      onQueryStarted: logFailure('categories'),
    }),
    /** every category of a type, unpaged (the parent choices of the category form) */
    getCategoryChoices: build.query<CategoryRow[], CategoryType>({
      query: (type) => ({ url: '/settings/accounting/categories/json', params: { type, list_all: true } }),
      providesTags: [{ type: 'Category', id: 'LIST' }],
      onQueryStarted: logFailure('categories'),
    }),
    createCategory: build.mutation<Answer<CategoryRow>, CategoryInput>({
      query: (body) => ({ url: '/settings/accounting/categories/store', method: 'POST', body }),
      invalidatesTags: ['Category'],
    }),
    updateCategory: build.mutation<Answer<CategoryRow>, { id: number } & Partial<CategoryInput>>({
      query: ({ id, ...body }) => ({ url: `/settings/accounting/categories/update/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Category'],
    }),
    deleteCategory: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/settings/accounting/categories/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Category'],
    }),

    /** SPEC §7: page, search, per_page (15 by default; the Taxes page starts at 7), list_all */
    getTaxes: build.query<Paginator<TaxRow>, ListParams>({
      query: (params) => ({ url: '/settings/accounting/taxes/json', params }),
      providesTags: [{ type: 'Tax', id: 'LIST' }],
      onQueryStarted: logFailure('taxes'),
    }),
    createTax: build.mutation<Answer<TaxRow>, TaxInput>({
      query: (body) => ({ url: '/settings/accounting/taxes/store', method: 'POST', body }),
      invalidatesTags: ['Tax'],
    }),
    updateTax: build.mutation<Answer<TaxRow>, { id: number } & Partial<TaxInput>>({
      query: ({ id, ...body }) => ({ url: `/settings/accounting/taxes/update/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Tax'],
    }),
    deleteTax: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/settings/accounting/taxes/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Tax'],
    }),

    getPaymentMethods: build.query<Paginator<PaymentMethodRow>, ListParams>({
      query: (params) => ({ url: '/settings/accounting/offline-payments/json', params }),
      providesTags: [{ type: 'AccountingSettings', id: 'PAYMENT_METHODS' }],
    }),
    createPaymentMethod: build.mutation<Answer<PaymentMethodRow>, PaymentMethodInput>({
      query: (body) => ({ url: '/settings/accounting/offline-payments/store', method: 'POST', body }),
      invalidatesTags: [{ type: 'AccountingSettings', id: 'PAYMENT_METHODS' }],
    }),
    updatePaymentMethod: build.mutation<Answer<PaymentMethodRow>, { id: number } & Partial<PaymentMethodInput>>({
      query: ({ id, ...body }) => ({ url: `/settings/accounting/offline-payments/update/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'AccountingSettings', id: 'PAYMENT_METHODS' }],
    }),
    deletePaymentMethod: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/settings/accounting/offline-payments/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'AccountingSettings', id: 'PAYMENT_METHODS' }],
    }),

    /** SPEC §7 GET /settings/accounting/general-json → { data: { value, logo } } */
    getGeneralSettings: build.query<GeneralSettings, void>({
      query: () => '/settings/accounting/general-json',
      transformResponse: (answer: { data: GeneralSettings }) => answer.data,
      providesTags: [{ type: 'AccountingSettings', id: 'general' }],
    }),
    updateGeneralSettings: build.mutation<Answer<GeneralSettings>, AccountingSettings['general'] & { remove_logo?: boolean }>({
      query: (body) => ({ url: '/settings/accounting/general/update', method: 'PUT', body }),
      invalidatesTags: [{ type: 'AccountingSettings', id: 'general' }],
    }),
    getSection: build.query<AccountingSettings[EditableSection], EditableSection>({
      query: (key) => `/settings/accounting/${slug(key)}/json`,
      transformResponse: (answer: { data: AccountingSettings[EditableSection] }) => answer.data,
      providesTags: (_r, _e, key) => [{ type: 'AccountingSettings', id: key }],
    }),
    updateSection: build.mutation<Answer<AccountingSettings[EditableSection]>, { key: EditableSection; value: AccountingSettings[EditableSection] }>({
      query: ({ key, value }) => ({ url: `/settings/accounting/${slug(key)}/update`, method: 'PUT', body: value }),
      // a new default currency in Defaults shows in the currencies list too
      invalidatesTags: (_r, _e, { key }) => [{ type: 'AccountingSettings', id: key }, ...(key === 'defaults' ? (['Currency'] as const) : [])],
    }),
  }),
});

export const {
  useGetCurrenciesQuery,
  useGetDefaultCurrencyQuery,
  useGetCurrencyCatalogueQuery,
  useCreateCurrencyMutation,
  useUpdateCurrencyMutation,
  useDeleteCurrencyMutation,
  useGetCategoriesQuery,
  useGetCategoryChoicesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useGetTaxesQuery,
  useCreateTaxMutation,
  useUpdateTaxMutation,
  useDeleteTaxMutation,
  useGetPaymentMethodsQuery,
  useCreatePaymentMethodMutation,
  useUpdatePaymentMethodMutation,
  useDeletePaymentMethodMutation,
  useGetGeneralSettingsQuery,
  useUpdateGeneralSettingsMutation,
  useGetSectionQuery,
  useUpdateSectionMutation,
} = accountingSettingsApi;

/** POST /settings/accounting/logo (multipart, the image in `logo`) with the upload's progress (0–100). */
export function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<Answer<{ logo: string }>> {
  return uploadFile<Answer<{ logo: string }>>('/settings/accounting/logo', file, onProgress, 'logo').done;
}
