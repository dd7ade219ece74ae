import type { CategoryRow, CurrencyRow, PaymentMethodRow, TaxRow } from '@common/answers/accounting';
import type { Answer } from '@common/answers/http';
import type { CatalogueCurrency } from '@common/currency-catalogue';
import type { AccountingSettingKey, AccountingSettings, CategoryInput, CategoryType, CurrencyInput, PaymentMethodInput } from '@common/schemas/accounting-settings';
import type { TaxInput } from '@common/schemas/accounting';
import { api } from './api';
import { logFailure, resourceApi } from './resource-api';
import { uploadFile } from './upload';

export type CatalogueEntry = CatalogueCurrency & { added: boolean };
export type GeneralSettings = { value: AccountingSettings['general']; logo: string | null };
/** the settings sections edited with GET <section>/json and PUT <section>/update */
export type EditableSection = Exclude<AccountingSettingKey, 'general'>;

const slug = (key: AccountingSettingKey) => key.replace(/_/g, '-');

// SPEC §8: taxes, categories and currencies failures are only logged (the list shows its own
// error state; no toast): logFailure (resource-api.ts).

/**
 * Taxes (SPEC §7: page, search, per_page — 15 by default, the Taxes page starts at 7 — list_all):
 * the resource's five endpoints, failures only logged.
 */
export const taxesApi = resourceApi<TaxRow, TaxInput>()({ one: 'Tax', many: 'Taxes', base: '/settings/accounting/taxes', tag: 'Tax', logFailures: 'taxes' });
export const { useGetTaxesQuery, useGetTaxQuery, useCreateTaxMutation, useUpdateTaxMutation, useDeleteTaxMutation } = taxesApi;

/** Currencies: their writes change the Defaults section too (a new default currency). */
export const currenciesApi = resourceApi<CurrencyRow, CurrencyInput>()({
  one: 'Currency',
  many: 'Currencies',
  base: '/settings/accounting/currencies',
  tag: 'Currency',
  touches: ['AccountingSettings'],
  logFailures: 'currencies',
});
export const { useGetCurrenciesQuery, useGetCurrencyQuery, useCreateCurrencyMutation, useUpdateCurrencyMutation, useDeleteCurrencyMutation } = currenciesApi;

export const categoriesApi = resourceApi<CategoryRow, CategoryInput>()({
  one: 'Category',
  many: 'Categories',
  base: '/settings/accounting/categories',
  tag: 'Category',
  logFailures: 'categories',
});
export const { useGetCategoriesQuery, useGetCategoryQuery, useCreateCategoryMutation, useUpdateCategoryMutation, useDeleteCategoryMutation } = categoriesApi;

/** Offline payment methods (their own tag: nothing else reads them through the store). */
export const paymentMethodsApi = resourceApi<PaymentMethodRow, PaymentMethodInput>()({
  one: 'PaymentMethod',
  many: 'PaymentMethods',
  base: '/settings/accounting/offline-payments',
  singular: 'payment-method',
  tag: 'PaymentMethod',
});
export const { useGetPaymentMethodsQuery, useGetPaymentMethodQuery, useCreatePaymentMethodMutation, useUpdatePaymentMethodMutation, useDeletePaymentMethodMutation } =
  paymentMethodsApi;

/** Settings/Accounting: the default currency, the currency catalogue, the category choices and the settings sections. */
export const accountingSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    /** every category of a type, unpaged (the parent choices of the category form) */
    getCategoryChoices: build.query<CategoryRow[], CategoryType>({
      query: (type) => ({ url: '/settings/accounting/categories/json', params: { type, list_all: true } }),
      providesTags: [{ type: 'Category', id: 'LIST' }],
      onQueryStarted: logFailure('categories'),
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
  useGetDefaultCurrencyQuery,
  useGetCurrencyCatalogueQuery,
  useGetCategoryChoicesQuery,
  useGetGeneralSettingsQuery,
  useUpdateGeneralSettingsMutation,
  useGetSectionQuery,
  useUpdateSectionMutation,
} = accountingSettingsApi;

/** POST /settings/accounting/logo (multipart, the image in `logo`) with the upload's progress (0–100). */
export function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<Answer<{ logo: string }>> {
  return uploadFile<Answer<{ logo: string }>>('/settings/accounting/logo', file, onProgress, 'logo').done;
}
