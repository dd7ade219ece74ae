import type { One } from '@common/answers/http';
import type { SmsTemplatePreview, SmsTemplateRow } from '@common/answers/sms';
import type { SmsTemplateInput, SmsTemplatePreviewInput } from '@common/schemas/sms-templates';
import { api } from './api';
import { resourceApi } from './resource-api';

// SMS templates (issue 16): the resource through the factory of decision 0017, and the preview.

export type { SmsTemplatePreview, SmsTemplateRow } from '@common/answers/sms';

export const { useGetSmsTemplatesQuery, useCreateSmsTemplateMutation, useUpdateSmsTemplateMutation, useDeleteSmsTemplateMutation } = resourceApi<
  SmsTemplateRow,
  SmsTemplateInput
>()({ one: 'SmsTemplate', many: 'SmsTemplates', base: '/sms/templates', singular: 'template', tag: 'SmsTemplate' });

const previewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /sms/templates/preview {body, contact_id?} → the text as that contact (or the sample
     * contact) gets it. A query, not a mutation: the same text and contact are asked once, and an
     * older answer arriving late never replaces a newer one.
     */
    previewSmsTemplate: build.query<SmsTemplatePreview, SmsTemplatePreviewInput>({
      query: (body) => ({ url: '/sms/templates/preview', method: 'POST', body }),
      transformResponse: (answer: One<SmsTemplatePreview>) => answer.data,
      // a contact edited elsewhere renders anew
      providesTags: [{ type: 'OutreachContact', id: 'LIST' }],
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { usePreviewSmsTemplateQuery } = previewApi;
