import { Head, Link } from '@inertiajs/react';
import { Image, Reply } from 'lucide-react';
import { useState } from 'react';
import type { MailDetail } from '@common/schemas/mailbox';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { AppLayout } from '@/layouts/AppLayout';
import { useFormats } from '@/lib/format';
import { useCan } from '@/lib/page';

/** Mailbox/Details (PAGES.md, /mailbox/mails/{id}/view): one mail on its own page, its HTML sanitised, remote images once allowed. */
export default function Details({ mail }: { mail: MailDetail }) {
  const fmt = useFormats();
  const canSend = useCan('mailbox.send');
  const [images, setImages] = useState(false);
  return (
    <>
      <Head title={mail.subject || 'Mail'} />
      <PageHeader title={mail.subject || '(no subject)'} />
      <Card>
        <article className="flex flex-col gap-4">
          <header className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
            <p>
              From <strong>{mail.from.name || mail.from.address}</strong> <span dir="ltr">&lt;{mail.from.address}&gt;</span>
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              To <span dir="ltr">{mail.to.map((a) => a.address).join(', ')}</span> · {fmt.dateTime(mail.date)}
            </p>
            <div className="mt-2 flex gap-2">
              {canSend && (
                <Link href={`/mailbox/mails/${mail.id}/reply`} className={buttonClasses('primary', 'sm')}>
                  <Reply className="size-4 rtl:-scale-x-100" aria-hidden /> Reply
                </Link>
              )}
              {mail.has_remote_images && !images && (
                <Button variant="outline" size="sm" onClick={() => setImages(true)}>
                  <Image className="size-4" aria-hidden /> Show images
                </Button>
              )}
            </div>
          </header>
          {mail.html ? (
            <div className="prose max-w-none text-sm dark:prose-invert" dangerouslySetInnerHTML={{ __html: images ? (mail.html_with_images ?? mail.html) : mail.html }} />
          ) : (
            <pre className="whitespace-pre-wrap font-sans text-sm text-slate-800 dark:text-slate-200">{mail.text}</pre>
          )}
        </article>
      </Card>
    </>
  );
}

Details.layout = AppLayout;
