ALTER TABLE "mailbox_accounts" ALTER COLUMN "password_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mailbox_accounts" ADD COLUMN "oauth_sealed" text;--> statement-breakpoint
ALTER TABLE "mailbox_accounts" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailbox_accounts" ADD COLUMN "reconnect_reason" text;--> statement-breakpoint
-- hand-written:
-- an account signs in one way: an IMAP password, or a provider's tokens
ALTER TABLE mailbox_accounts ADD CONSTRAINT mailbox_accounts_credentials CHECK (password_sealed IS NOT NULL OR oauth_sealed IS NOT NULL);
