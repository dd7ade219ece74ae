import type { One } from '@common/answers/http';
import type { EmailEditorConfig, EmailTemplatePreview, EmailTemplateRow } from '@common/answers/email-templates';
import type { EmailTemplateTestInput } from '@common/schemas/email-template-test';
import type { EmailTemplateInput, EmailTemplatePreviewInput } from '@common/schemas/email-templates';
import { api } from './api';
import { resourceApi } from './resource-api';

// E-mail templates (issue 17, decision 0039): the resource through the factory of decision 0017,
// the editor's hand-shake and the preview.

export type { EmailEditorConfig, EmailTemplateFull, EmailTemplatePreview, EmailTemplateRow } from '@common/answers/email-templates';

export const { useGetEmailTemplatesQuery, useCreateEmailTemplateMutation, useUpdateEmailTemplateMutation, useDeleteEmailTemplateMutation } = resourceApi<
  EmailTemplateRow,
  EmailTemplateInput
>()({ one: 'EmailTemplate', many: 'EmailTemplates', base: '/email/templates', singular: 'template', tag: 'EmailTemplate' });

const editorApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /email/templates/token → the editor's configuration and its short-lived token. */
    getEmailEditorConfig: build.query<EmailEditorConfig, void>({
      query: () => ({ url: '/email/templates/token', method: 'POST' }),
      transformResponse: (answer: One<EmailEditorConfig>) => answer.data,
      providesTags: [{ type: 'ContactField', id: 'LIST' }],
    }),
    /**
     * POST /email/templates/preview with the editor's token → the message as one contact (or the
     * sample contact) gets it: subject, sanitised HTML with escaped values, text.
     */
    previewEmailTemplate: build.mutation<EmailTemplatePreview, EmailTemplatePreviewInput & { token: string }>({
      query: ({ token, ...body }) => ({ url: '/email/templates/preview', method: 'POST', body, headers: { 'X-Editor-Token': token } }),
      transformResponse: (answer: One<EmailTemplatePreview>) => answer.data,
    }),
    /** POST /email/templates/{id}/send-test → the saved template, rendered for a contact, sent to one address through the company's driver. */
    sendEmailTemplateTest: build.mutation<{ message: string }, EmailTemplateTestInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/email/templates/${id}/send-test`, method: 'POST', body }),
    }),
  }),
});

export const { useGetEmailEditorConfigQuery, usePreviewEmailTemplateMutation, useSendEmailTemplateTestMutation } = editorApi;
