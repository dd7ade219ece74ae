import { Head, Link } from '@inertiajs/react';
import { KeyRound, Server } from 'lucide-react';
import type { MailOAuthSetup } from '@common/schemas/mailbox';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { useSharedProps } from '@/lib/page';

const NAMES = { gmail: { label: 'Gmail', company: 'Google' }, outlook: { label: 'Outlook', company: 'Microsoft' } } as const;

/**
 * The body of Mailbox/Setup/Gmail and Setup/Outlook (PAGES.md; docs/decisions/0050-mailbox.md):
 * a Connect link to the sign-in at the provider (a whole-page visit, not an Inertia one: the
 * provider's page is not Kazi's), the servers Kazi will use, and why it failed when the member
 * comes back refused. A provider the operator has not configured gets a sentence saying so and
 * no button.
 */
export function OAuthSetup(props: MailOAuthSetup) {
  const { label, company } = NAMES[props.provider];
  const { flash } = useSharedProps();
  return (
    <>
      <Head title={`Connect ${label}`} />
      <PageHeader title={`Connect ${label}`} description={`Sign in with ${company}: Kazi reads and sends your mail without ever seeing your password.`} />
      <Card>
        <div className="flex max-w-2xl flex-col gap-4">
          {flash.error && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {flash.error}
            </p>
          )}
          {props.configured && props.start_url ? (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {company} asks you to allow Kazi to read, organise and send your mail. Kazi keeps only the keys {company} gives it, encrypted, and you can withdraw them at {company} at
                any time.
              </p>
              <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="flex items-center gap-1 font-medium text-slate-900 dark:text-white">
                  <Server className="size-4" aria-hidden /> Incoming (IMAP)
                </dt>
                <dd className="text-slate-600 dark:text-slate-400" dir="ltr">
                  {props.imap}
                </dd>
                <dt className="flex items-center gap-1 font-medium text-slate-900 dark:text-white">
                  <Server className="size-4" aria-hidden /> Outgoing (SMTP)
                </dt>
                <dd className="text-slate-600 dark:text-slate-400" dir="ltr">
                  {props.smtp}
                </dd>
              </dl>
              {/* a plain link: the browser leaves Kazi for the provider's sign-in page and comes back to the callback */}
              <a href={props.start_url} className={buttonClasses('primary', 'md', 'self-start')}>
                <KeyRound className="size-4" aria-hidden /> Connect with {company}
              </a>
            </>
          ) : (
            <>
              <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                {props.unavailable}
              </p>
              <Link href="/mailbox/setup/imap" className={buttonClasses('outline', 'md', 'self-start')}>
                Connect with IMAP instead
              </Link>
            </>
          )}
        </div>
      </Card>
    </>
  );
}
