import type { MailOAuthSetup } from '@common/schemas/mailbox';
import { OAuthSetup } from '@/features/mailbox/OAuthSetup';
import { AppLayout } from '@/layouts/AppLayout';

/** Mailbox/Setup/Outlook (PAGES.md, /mailbox/setup/outlook): sign in with Microsoft (OAuth 2), or the sentence saying the operator has not set it up. */
export default function SetupOutlook(props: MailOAuthSetup) {
  return <OAuthSetup {...props} />;
}

SetupOutlook.layout = AppLayout;
