import { Badge } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { SkeletonText } from '@/components/display/Skeleton';
import { Drawer } from '@/components/overlay/Drawer';
import { creditsLabel } from '@/features/wallet/credits';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useGetSmsTransactionDetailQuery, type SmsTransactionDetail } from '@/store/sms-api';
import { DELIVERY_STATE_LABEL, DELIVERY_STATE_TONE } from './sends';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-end text-slate-900 dark:text-white">{children ?? '—'}</dd>
    </div>
  );
}

function Detail({ t }: { t: SmsTransactionDetail }) {
  const formats = useFormats();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={DELIVERY_STATE_TONE[t.state]} dot>
          {DELIVERY_STATE_LABEL[t.state]}
        </Badge>
        {t.reason && <span className="text-red-700 dark:text-red-300">{t.reason}</span>}
      </div>
      <dl className="divide-y divide-slate-100 dark:divide-slate-700">
        <Row label="Recipient">{t.contact_name ?? '—'}</Row>
        <Row label="Phone">
          <span dir="ltr">{t.phone}</span>
        </Row>
        <Row label="Sender">{t.sender_id ?? 'Default'}</Row>
        <Row label="Parts">{t.parts}</Row>
        <Row label="Credits">{creditsLabel(t.credits, formats.currency)}</Row>
        <Row label="Provider status">{t.provider_status ?? '—'}</Row>
        <Row label="Provider id">
          <span className="font-mono text-xs break-all">{t.provider_message_id ?? '—'}</span>
        </Row>
        <Row label="Network">{t.network_code ?? '—'}</Row>
        <Row label="Attempts">{t.attempts}</Row>
        <Row label="Sent">
          <DateTimeText value={t.sent_at} fallback="—" />
        </Row>
        <Row label="Delivered">
          <DateTimeText value={t.delivered_at} fallback="—" />
        </Row>
      </dl>
      <section>
        <h3 className="mb-1 text-sm font-medium text-slate-900 dark:text-white">Message</h3>
        <p className="rounded-md bg-slate-100 px-3 py-2 whitespace-pre-wrap dark:bg-slate-800">{t.body}</p>
      </section>
      <section>
        <h3 className="mb-2 text-sm font-medium text-slate-900 dark:text-white">History</h3>
        {t.history.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">Nothing happened yet.</p>
        ) : (
          <ol className="relative space-y-3 border-s border-slate-200 ps-4 dark:border-slate-700" aria-label="History">
            {t.history.map((h, i) => (
              <li key={i}>
                <span aria-hidden="true" className="absolute -start-1.5 mt-1.5 size-3 rounded-full border-2 border-white bg-primary dark:border-dark" />
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={DELIVERY_STATE_TONE[h.state]}>{DELIVERY_STATE_LABEL[h.state]}</Badge>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    <DateTimeText value={h.at} />
                  </span>
                </div>
                {h.note && <p className="mt-0.5 text-slate-600 dark:text-slate-300">{h.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** One recipient of a send (GET /sms/transactions/get-transaction/{id}): its state, the provider's answers and what happened when. */
export function TransactionDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, error, isFetching, refetch } = useGetSmsTransactionDetailQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  const shown = data && data.id === id ? data : null;
  return (
    <Drawer open={id !== null} onClose={onClose} title="SMS recipient">
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the recipient')}</ErrorAlert>
      ) : !shown || (isFetching && !shown) ? (
        <SkeletonText lines={8} />
      ) : (
        <Detail t={shown} />
      )}
    </Drawer>
  );
}
