import type { ApiTokenInput, ApiTokenRow } from '@common/api-tokens';
import type { Paginator } from '@common/schemas/list-query';
import type { Theme } from '@common/company';
import { api } from './api';

type Saved<T> = { message: string; data: T };

/** Settings/Company: the General, SEO, Terms and Theme sections and the API tokens (docs/decisions/0047). */
export const companySettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateCompany: build.mutation<Saved<Record<string, unknown> & { name: string }>, Record<string, unknown>>({
      query: (body) => ({ url: '/settings/company/update', method: 'PUT', body }),
      invalidatesTags: ['Company'],
    }),
    updateSeo: build.mutation<Saved<Record<string, unknown>>, Record<string, unknown>>({
      query: (body) => ({ url: '/settings/company/seo/update', method: 'PUT', body }),
    }),
    updateTerms: build.mutation<Saved<Record<string, unknown>>, Record<string, unknown>>({
      query: (body) => ({ url: '/settings/company/terms/update', method: 'PUT', body }),
    }),
    updateTheme: build.mutation<Saved<{ brand_color: string | null; theme: Theme }>, { brand_color: string }>({
      query: (body) => ({ url: '/settings/company/theme/update', method: 'PUT', body }),
    }),
    getApiTokens: build.query<Paginator<ApiTokenRow>, { page: number }>({
      query: ({ page }) => `/settings/company/tokens/json?page=${page}`,
      providesTags: ['ApiToken'],
    }),
    createApiToken: build.mutation<Saved<ApiTokenRow & { plain_text_token: string }>, ApiTokenInput>({
      query: (body) => ({ url: '/settings/company/tokens/store', method: 'POST', body }),
      invalidatesTags: ['ApiToken'],
    }),
    revokeApiToken: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/settings/company/tokens/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiToken'],
    }),
  }),
});

export const {
  useUpdateCompanyMutation,
  useUpdateSeoMutation,
  useUpdateTermsMutation,
  useUpdateThemeMutation,
  useGetApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
} = companySettingsApi;
