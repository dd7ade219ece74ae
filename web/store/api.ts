import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { xsrfToken } from '@/lib/cookies';
import type { CompanySettings } from '@/types';

/**
 * Every JSON call of SPEC §7 goes through this one API slice. Areas add their endpoints with
 * `api.injectEndpoints({ endpoints: (build) => ({ … }) })` in their own file and use the tags below.
 */
export const baseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    headers.set('X-Requested-With', 'XMLHttpRequest');
    const token = xsrfToken();
    if (token) headers.set('X-XSRF-TOKEN', token);
    return headers;
  },
});

/** The cache tags of the JSON resources: a query provides its type's tags, a write invalidates them. */
export const TAG_TYPES = [
  'Company',
  'AccountingSettings',
  'Profile',
  'Contact',
  'Item',
  'Category',
  'Currency',
  'Tax',
  'PaymentMethod',
  'Document',
  'Attachment',
  'Comment',
  'BankAccount',
  'Transaction',
  'Transfer',
  'Report',
  'Campaign',
  'Organiser',
  'Event',
  'Group',
  'Invitation',
  'Survey',
  'SurveyResult',
  'Sms',
  'SmsTemplate',
  'Airtime',
  'Email',
  'EmailTemplate',
  'EmailSettings',
  'EmailDomain',
  'OutreachContact',
  'ContactField',
  'Segment',
  'Page',
  'Media',
  'Folder',
  'Wallet',
  'Subscription',
  'Plan',
  'Workflow',
  'TaskTemplate',
  'Task',
  'Mailbox',
  'Mail',
  'Chat',
  'Notification',
  'Permission',
  'Role',
  'User',
  'UserLog',
  'Lookup',
  'ApiToken',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: 60, // SPEC §9: generic fetch data kept unused for 60 s
  tagTypes: TAG_TYPES,
  endpoints: (build) => ({
    /** GET /settings/company/json — the tenant's display name, timezone and logos. */
    getCompany: build.query<CompanySettings, void>({
      query: () => '/settings/company/json',
      transformResponse: (response: { data: CompanySettings }) => response.data,
      providesTags: ['Company'],
    }),
  }),
});

export const { useGetCompanyQuery } = api;
