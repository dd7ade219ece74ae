import type { FolderRole } from '@common/schemas/mailbox';

/** How the pages name the folders of SPEC §3's fixed order. */
const LABELS: Record<FolderRole, string> = {
  INBOX: 'Inbox',
  STARRED: 'Starred',
  SENT: 'Sent',
  DRAFTS: 'Drafts',
  DRAFT: 'Draft',
  IMPORTANT: 'Important',
  SPAM: 'Spam',
  TRASH: 'Trash',
};
export const folderLabel = (role: FolderRole) => LABELS[role];
