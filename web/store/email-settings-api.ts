import type { EmailDomainKey, EmailDomainRow, EmailSettings } from '@common/answers/email';
import type { Answer, One } from '@common/answers/http';
import type { EmailSettingsInput } from '@common/schemas/email-settings';
import { api } from './api';
import { resourceEndpoints } from './resource-api';

// Email settings and sending domains (SPEC §7 Email Settings; issue 17), read against
// common/answers/email.ts. A domain made default changes the settings' sending domain, so domain
// writes invalidate both tags.

export type { EmailDomainKey, EmailDomainRow, EmailSettings } from '@common/answers/email';

const SETTINGS = [{ type: 'EmailSettings' as const, id: 'ONE' }];
const DOMAINS = [{ type: 'EmailDomain' as const, id: 'LIST' }];

const emailSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /email/settings/json → the settings, secrets masked */
    getEmailSettings: build.query<EmailSettings, void>({
      query: () => '/email/settings/json',
      transformResponse: (answer: One<EmailSettings>) => answer.data,
      providesTags: SETTINGS,
    }),
    /** POST /email/settings/update → { message, data } */
    updateEmailSettings: build.mutation<Answer<EmailSettings>, EmailSettingsInput>({
      query: (body) => ({ url: '/email/settings/update', method: 'POST', body }),
      invalidatesTags: SETTINGS,
    }),
    /** POST /email/settings/test-connection with the form's values over the stored ones → { message } */
    testEmailConnection: build.mutation<{ message: string }, EmailSettingsInput>({
      query: (body) => ({ url: '/email/settings/test-connection', method: 'POST', body }),
    }),
    /** GET /email/settings/domains/json (page, per_page 15) */
    getEmailDomains: resourceEndpoints<EmailDomainRow, never>(build, { base: '/email/settings/domains', singular: 'domain', tag: 'EmailDomain' }).list,
    addEmailDomain: build.mutation<Answer<EmailDomainRow>, { domain: string }>({
      query: (body) => ({ url: '/email/settings/domains', method: 'POST', body }),
      invalidatesTags: [...DOMAINS, ...SETTINGS],
    }),
    deleteEmailDomain: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/email/settings/domains/${id}`, method: 'DELETE' }),
      invalidatesTags: [...DOMAINS, ...SETTINGS],
    }),
    setDefaultEmailDomain: build.mutation<Answer<EmailDomainRow>, number>({
      query: (id) => ({ url: `/email/settings/domains/${id}/default`, method: 'POST' }),
      invalidatesTags: [...DOMAINS, ...SETTINGS],
    }),
    verifyEmailDomain: build.mutation<Answer<EmailDomainRow>, number>({
      query: (id) => ({ url: `/email/settings/domains/${id}/verify`, method: 'POST' }),
      invalidatesTags: DOMAINS,
    }),
    /** GET /email/settings/domains/{id}/status: Mailgun read again; the list follows */
    checkEmailDomain: build.mutation<One<EmailDomainRow>, number>({
      query: (id) => ({ url: `/email/settings/domains/${id}/status` }),
      invalidatesTags: DOMAINS,
    }),
    getEmailDomainKeys: build.query<EmailDomainKey[], number>({
      query: (id) => `/email/settings/domains/${id}/keys`,
      transformResponse: (answer: One<EmailDomainKey[]>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'EmailDomain', id: `KEYS-${id}` }],
      keepUnusedDataFor: 0,
    }),
    createEmailDomainKey: build.mutation<Answer<EmailDomainKey>, { id: number; description: string }>({
      query: ({ id, description }) => ({ url: `/email/settings/domains/${id}/keys`, method: 'POST', body: { description } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'EmailDomain', id: `KEYS-${id}` }],
    }),
    deleteEmailDomainKey: build.mutation<{ message: string }, { id: number; keyId: string }>({
      query: ({ id, keyId }) => ({ url: `/email/settings/domains/${id}/keys/${encodeURIComponent(keyId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'EmailDomain', id: `KEYS-${id}` }],
    }),
  }),
});

export const {
  useGetEmailSettingsQuery,
  useUpdateEmailSettingsMutation,
  useTestEmailConnectionMutation,
  useGetEmailDomainsQuery,
  useAddEmailDomainMutation,
  useDeleteEmailDomainMutation,
  useSetDefaultEmailDomainMutation,
  useVerifyEmailDomainMutation,
  useCheckEmailDomainMutation,
  useGetEmailDomainKeysQuery,
  useCreateEmailDomainKeyMutation,
  useDeleteEmailDomainKeyMutation,
} = emailSettingsApi;
