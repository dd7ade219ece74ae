import { Head, router } from '@inertiajs/react';
import { FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { BillingInterval, SubscriptionInvoiceRow, SubscriptionPage } from '@common/subscriptions';
import { StatusPill } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateText } from '@/components/display/DateText';
import { EmptyState } from '@/components/display/EmptyState';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { Money } from '@/components/money/Money';
import { IntervalSwitch, PlanPicker, STATUS_LABEL, UsageBars } from '@/features/subscriptions/plans';
import { PayInvoice } from '@/features/subscriptions/PayInvoice';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import {
  useCancelSubscriptionMutation,
  useChangePlanMutation,
  useGetInvoiceQuery,
  useGetInvoicesQuery,
  useGetQuoteQuery,
  useGetSubscriptionQuery,
  useSubscribeMutation,
} from '@/store/subscriptions-api';

const TONE = { trialing: 'info', active: 'success', past_due: 'warning', lapsed: 'danger', onboarding: 'secondary', complimentary: 'secondary' } as const;

function invoiceFromUrl(): number | null {
  if (typeof window === 'undefined') return null;
  const v = Number(new URLSearchParams(window.location.search).get('invoice'));
  return Number.isSafeInteger(v) && v > 0 ? v : null;
}

/** The invoice being paid: the pay form, then its state polled until the gateway answers. */
function PayingInvoice({ id, drivers, onDone }: { id: number; drivers: SubscriptionPage['drivers']; onDone: () => void }) {
  const [started, setStarted] = useState(false);
  // polled until paid: the gateway's answer (a webhook, an M-Pesa approval) arrives on its own time
  const { data: inv, isError } = useGetInvoiceQuery(id, { pollingInterval: 2000 });
  useEffect(() => {
    if (inv?.status === 'paid') {
      toast.success(`Invoice ${inv.number} paid: thank you.`);
      onDone();
    }
  }, [inv?.status, inv?.number, onDone]);
  if (isError) return <ErrorAlert>That invoice could not be loaded.</ErrorAlert>;
  if (!inv || inv.status !== 'open') return null;
  const pending = inv.payment?.status === 'pending';
  return (
    <Card title="Pay the invoice">
      {pending && (started || inv.payment?.action?.kind !== 'redirect') ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Waiting for the payment to be confirmed{inv.payment?.action?.kind === 'stk_push' ? ': approve the M-Pesa request on your phone' : ''}…
        </p>
      ) : (
        <PayInvoice invoice={inv} drivers={drivers} returnTo="subscriptions" onStarted={() => setStarted(true)} />
      )}
      {inv.payment && ['failed', 'cancelled', 'expired'].includes(inv.payment.status) && (
        <p className="mt-3 text-sm text-danger">The last attempt did not go through{inv.payment.failure_reason ? `: ${inv.payment.failure_reason}` : '.'}</p>
      )}
    </Card>
  );
}

function ChangePlan({ page, onInvoice }: { page: SubscriptionPage; onInvoice: (id: number) => void }) {
  const s = page.subscription;
  const [planId, setPlanId] = useState<number | null>(s.plan?.id ?? null);
  const [interval, setInterval] = useState<BillingInterval>(s.interval);
  const paid = s.effective === 'active' || s.effective === 'past_due';
  const newPeriod = s.effective === 'lapsed' || s.effective === 'trialing' || s.effective === 'complimentary';
  const { data: quote } = useGetQuoteQuery({ plan_id: planId ?? 0, interval }, { skip: !planId || !paid });
  const [change, { isLoading: changing }] = useChangePlanMutation();
  const [subscribe, { isLoading: subscribing }] = useSubscribeMutation();

  const apply = async () => {
    if (!planId) return;
    try {
      const res = await change({ plan_id: planId, interval }).unwrap();
      toast.success(res.message);
      if (res.data.invoice_id) onInvoice(res.data.invoice_id);
    } catch (err) {
      toast.error(errorMessage(err, 'The plan could not be changed.'));
    }
  };
  const payNow = async () => {
    if (!planId) return;
    try {
      const res = await subscribe({ plan_id: planId, interval }).unwrap();
      toast.success(res.message);
      onInvoice(res.data.invoice_id);
    } catch (err) {
      toast.error(errorMessage(err, 'The invoice could not be made.'));
    }
  };

  return (
    <Card title={paid ? 'Change plan' : 'Choose a plan'} actions={<IntervalSwitch value={interval} onChange={setInterval} />}>
      <div className="flex flex-col gap-4">
        <PlanPicker plans={page.plans} value={planId} onChange={setPlanId} currency={s.currency} interval={interval} name="change-plan" />
        {paid && quote && quote.kind !== 'same' && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {quote.kind === 'upgrade' ? (
              <>
                Upgrade now for <Money amount={quote.amount} code={quote.currency} />. {quote.explanation}
              </>
            ) : (
              quote.explanation
            )}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {paid && (
            <Button onClick={apply} busy={changing} disabled={changing || !quote || quote.kind === 'same'}>
              {quote?.kind === 'downgrade' ? 'Downgrade at the period end' : 'Upgrade now'}
            </Button>
          )}
          {s.effective === 'trialing' && (
            <Button variant="outline" onClick={apply} busy={changing} disabled={changing || planId === s.plan?.id}>
              Switch the trial to this plan
            </Button>
          )}
          {newPeriod && (
            <Button onClick={payNow} busy={subscribing} disabled={subscribing || !planId}>
              Pay and start this plan now
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

function Invoices() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetInvoicesQuery({ page });
  if (isError) return <ErrorAlert>The invoices could not be loaded.</ErrorAlert>;
  return (
    <Card title="Invoices" flush>
      {isLoading ? (
        <p className="p-4 text-sm text-slate-500">Loading…</p>
      ) : !data?.data.length ? (
        <EmptyState title="No invoices yet" description="Invoices appear here once the subscription is paid." />
      ) : (
        <>
          <table className="w-full text-sm">
            <thead className="text-start text-slate-500 dark:text-slate-400">
              <tr>
                <th className="p-3 text-start font-medium">Invoice</th>
                <th className="p-3 text-start font-medium">Description</th>
                <th className="p-3 text-start font-medium">Period</th>
                <th className="p-3 text-end font-medium">Amount</th>
                <th className="p-3 text-start font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((i: SubscriptionInvoiceRow) => (
                <tr key={i.id} className="border-t border-slate-100 dark:border-slate-700">
                  <td className="p-3">
                    {i.pdf_url ? (
                      <a href={i.pdf_url} download className="inline-flex items-center gap-1 text-primary underline">
                        <FileDown aria-hidden="true" className="size-4" />
                        {i.number}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="p-3">{i.description}</td>
                  <td className="p-3">
                    <DateText value={i.period_start} /> – <DateText value={i.period_end} />
                  </td>
                  <td className="p-3 text-end">
                    <Money amount={i.amount} code={i.currency} />
                  </td>
                  <td className="p-3">
                    <StatusPill status={i.status} label={{ open: 'Open', paid: 'Paid', void: 'Replaced' }[i.status]} tone={i.status === 'paid' ? 'success' : i.status === 'open' ? 'warning' : 'secondary'} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.last_page > 1 && (
            <div className="flex justify-end gap-2 p-3">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button size="sm" variant="outline" disabled={page >= data.last_page} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

/**
 * Settings/Company/Subscriptions (SPEC §2): the plan and its period, usage against each limit,
 * the invoices (PDF), changing plan (an upgrade prorated and paid now through the gateway, a
 * downgrade at the period's end), cancelling at the period's end, and paying a lapsed company
 * back to work.
 */
export default function Subscriptions(props: SubscriptionPage) {
  const { data: page = props, refetch } = useGetSubscriptionQuery();
  const canManage = useCan('subscriptions.update');
  const [paying, setPaying] = useState<number | null>(invoiceFromUrl);
  const [cancel, { isLoading: cancelling }] = useCancelSubscriptionMutation();
  const s = page.subscription;
  const done = () => {
    setPaying(null);
    router.replace({ url: '/settings/company/subscriptions', preserveState: true });
    void refetch();
  };
  const toggleCancel = async (what: 'cancel' | 'resume') => {
    try {
      toast.success((await cancel(what).unwrap()).message);
    } catch (err) {
      toast.error(errorMessage(err, 'That could not be done.'));
    }
  };

  return (
    <>
      <Head title="Subscription" />
      <PageHeader title="Subscription" description="Your plan, what it allows and what you have used, and its invoices." />
      <div className="flex flex-col gap-6">
        {s.read_only && (
          <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-4 text-sm text-slate-800 dark:text-slate-100">
            {s.effective === 'lapsed'
              ? 'The company is read-only: everything is kept and can be read, but nothing new can be sent or added until a plan is paid. Choose a plan below and pay.'
              : 'Finish onboarding to start using the company.'}
          </div>
        )}
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <Card title="Current plan">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-slate-500 dark:text-slate-400">Plan</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{s.plan?.name ?? 'Complimentary (no limits)'}</dd>
              <dt className="text-slate-500 dark:text-slate-400">Status</dt>
              <dd>
                <StatusPill status={s.effective} label={STATUS_LABEL[s.effective]} tone={TONE[s.effective]} />
              </dd>
              {s.plan && (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">Billing</dt>
                  <dd>{s.interval === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
                </>
              )}
              {s.trial_ends_at && (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">Trial ends</dt>
                  <dd>
                    <DateText value={s.trial_ends_at} />
                    {s.days_left !== null && ` (${s.days_left} days left)`}
                  </dd>
                </>
              )}
              {s.current_period_end && (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">Period</dt>
                  <dd>
                    <DateText value={s.current_period_start} /> – <DateText value={s.current_period_end} />
                  </dd>
                  <dt className="text-slate-500 dark:text-slate-400">{s.cancel_at_period_end ? 'Ends' : 'Renews'}</dt>
                  <dd>
                    <DateText value={s.current_period_end} />
                    {s.next_plan && ` on the ${s.next_plan.name} plan`}
                  </dd>
                </>
              )}
            </dl>
            {canManage && (s.effective === 'active' || s.effective === 'past_due') && (
              <div className="mt-4">
                {s.cancel_at_period_end ? (
                  <Button variant="outline" busy={cancelling} disabled={cancelling} onClick={() => toggleCancel('resume')}>
                    Keep the subscription
                  </Button>
                ) : (
                  <Button variant="danger-ghost" busy={cancelling} disabled={cancelling} onClick={() => toggleCancel('cancel')}>
                    Cancel at the period end
                  </Button>
                )}
              </div>
            )}
          </Card>
          <Card title="Usage">
            <UsageBars usage={page.usage} />
          </Card>
        </div>
        {canManage && paying && <PayingInvoice id={paying} drivers={page.drivers} onDone={done} />}
        {canManage && page.plans.length > 0 && s.effective !== 'onboarding' && <ChangePlan page={page} onInvoice={setPaying} />}
        <Invoices />
      </div>
    </>
  );
}

Subscriptions.layout = AppLayout;
