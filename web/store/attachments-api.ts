import type { Attachment } from '@common/attachments';
import { api } from './api';

/** An owner of attachments: its routes' base ('/accounting/documents', '/banking/transactions') and id. */
export type AttachmentOwnerRef = { base: string; id: number };

const tag = (o: AttachmentOwnerRef) => ({ type: 'Attachment' as const, id: `${o.base}/${o.id}` });
/** A document's timeline notes each file added or removed. */
const touched = (o: AttachmentOwnerRef) => [tag(o), ...(o.base === '/accounting/documents' ? [{ type: 'Comment' as const, id: o.id }] : [])];

/** The attachment routes of server/http/attachments.ts (the upload itself goes through uploadFile, for its progress). */
export const attachmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET <base>/attachments/{id} */
    getAttachments: build.query<Attachment[], AttachmentOwnerRef>({
      query: (o) => `${o.base}/attachments/${o.id}`,
      transformResponse: (answer: { data: Attachment[] }) => answer.data,
      providesTags: (_r, _e, o) => [tag(o)],
    }),
    /** DELETE <base>/attachments/delete/{id}/{fileId} */
    deleteAttachment: build.mutation<{ message: string }, AttachmentOwnerRef & { fileId: number }>({
      query: ({ base, id, fileId }) => ({ url: `${base}/attachments/delete/${id}/${fileId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, o) => touched(o),
    }),
  }),
});

export const { useGetAttachmentsQuery, useDeleteAttachmentMutation } = attachmentsApi;

/** What a finished upload changes. */
export const invalidateAfterUpload = (o: AttachmentOwnerRef) => attachmentsApi.util.invalidateTags(touched(o));

export const downloadUrl = (o: AttachmentOwnerRef, fileId: number) => `${o.base}/attachments/download/${o.id}/${fileId}`;
