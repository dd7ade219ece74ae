import { Head, Link } from '@inertiajs/react';
import { ArrowLeftRight, Layers, Send } from 'lucide-react';
import { useState } from 'react';
import { EMAIL_PERIODS, type EmailPeriod } from '@common/answers/email-sending';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { ComposeEmail } from '@/features/email/ComposeEmail';
import { EmailMetricsPanel, SentOrFailedGraph, WebhookAddress } from '@/features/email/EmailOverview';
import { EmailSendsList } from '@/features/email/SendsList';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';

const DEFAULT_PERIOD: EmailPeriod = '30d';

function initialPeriod(): EmailPeriod {
  const asked = readUrlParams().get('period');
  return (EMAIL_PERIODS as readonly string[]).includes(asked ?? '') ? (asked as EmailPeriod) : DEFAULT_PERIOD;
}

/** Email/Overview (PAGES.md): the period's figures, sent/delivered/opened/clicked/bounced over time, the SENT or FAILED graph, the latest sends, and sending. */
export default function EmailOverview() {
  const canSend = useCan('email.send');
  const canSeeSettings = useCan('email_settings.view');
  const [period, setPeriod] = useState<EmailPeriod>(initialPeriod);
  const [filter, setFilter] = useState<'SENT' | 'FAILED'>('SENT');
  const [composing, setComposing] = useState(false);
  const choosePeriod = (p: EmailPeriod) => {
    setPeriod(p);
    writeUrlParams({ period: p === DEFAULT_PERIOD ? undefined : p });
  };

  return (
    <>
      <Head title="Email" />
      <PageHeader title="Email" description="Campaigns and single emails: what was sent, delivered, opened and clicked, and what bounced.">
        <Link href="/email/group-transactions" className={buttonClasses('outline')}>
          <Layers aria-hidden="true" className="size-4" />
          Sends
        </Link>
        <Link href="/email/transactions" className={buttonClasses('outline')}>
          <ArrowLeftRight aria-hidden="true" className="size-4" />
          Transactions
        </Link>
        {canSend && (
          <Button onClick={() => setComposing(true)}>
            <Send aria-hidden="true" className="size-4" />
            Send email
          </Button>
        )}
      </PageHeader>
      <div className="flex flex-col gap-6">
        <EmailMetricsPanel period={period} onPeriod={choosePeriod} />
        <SentOrFailedGraph period={period} filter={filter} onFilter={setFilter} />
        <Card title="Latest sends">
          <EmailSendsList canSend={canSend} />
        </Card>
        {canSeeSettings && <WebhookAddress />}
      </div>
      {canSend && <ComposeEmail open={composing} onClose={() => setComposing(false)} />}
    </>
  );
}

EmailOverview.layout = AppLayout;
