import type { MailOAuthSetup } from '@common/schemas/mailbox';
import { OAuthSetup } from '@/features/mailbox/OAuthSetup';
import { AppLayout } from '@/layouts/AppLayout';

/** Mailbox/Setup/Gmail (PAGES.md, /mailbox/setup/gmail): sign in with Google (OAuth 2), or the sentence saying the operator has not set it up. */
export default function SetupGmail(props: MailOAuthSetup) {
  return <OAuthSetup {...props} />;
}

SetupGmail.layout = AppLayout;
