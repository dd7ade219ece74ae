import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { MailboxAccount, MailDetail } from '@common/schemas/mailbox';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { ComposeForm, type ComposeValues } from '@/features/mailbox/ComposeForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useFormats } from '@/lib/format';

type Mode = 'reply' | 'all' | 'forward';

/** Mailbox/Reply (PAGES.md, /mailbox/mails/{id}/reply): reply, reply all or forward, threaded on the mail answered. */
export default function Reply({ mail, mailboxes }: { mail: MailDetail; mailboxes: MailboxAccount[] }) {
  const fmt = useFormats();
  const [mode, setMode] = useState<Mode>('reply');
  const account = mailboxes.find((m) => m.id === mail.mailbox_id) ?? mailboxes[0];
  const quoted = `\n\nOn ${fmt.dateTime(mail.date)}, ${mail.from.name || mail.from.address} wrote:\n${mail.text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}`;
  const mine = account?.email;
  const initial = (m: Mode): ComposeValues => ({
    mailbox_id: account?.id ?? 0,
    to: m === 'forward' ? '' : mail.from.address,
    cc: m === 'all' ? [...mail.to, ...mail.cc].map((a) => a.address).filter((a) => a !== mine && a !== mail.from.address).join(', ') : '',
    subject: m === 'forward' ? (/^fwd?:/i.test(mail.subject) ? mail.subject : `Fwd: ${mail.subject}`) : /^re:/i.test(mail.subject) ? mail.subject : `Re: ${mail.subject}`,
    body: quoted,
  });
  return (
    <>
      <Head title={`Reply: ${mail.subject}`} />
      <PageHeader title="Reply" description={mail.subject} />
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Answer with">
        {(
          [
            ['reply', 'Reply'],
            ['all', 'Reply all'],
            ['forward', 'Forward'],
          ] as const
        ).map(([m, label]) => (
          <Button key={m} variant={mode === m ? 'primary' : 'outline'} size="sm" aria-pressed={mode === m} onClick={() => setMode(m)}>
            {label}
          </Button>
        ))}
      </div>
      <ComposeForm key={mode} mailboxes={mailboxes} initial={initial(mode)} replyToId={mail.id} />
    </>
  );
}

Reply.layout = AppLayout;
