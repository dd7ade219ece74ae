import jsQR from 'jsqr';
import { Camera, CameraOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { RsvpEventSummary } from '@common/answers/rsvp';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { SkeletonText } from '@/components/display/Skeleton';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { Button } from '@/components/form/Button';
import { inputClasses } from '@/components/form/TextInput';
import { EventRsvpShell } from '@/features/rsvp/EventRsvpShell';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCheckInMutation, useGetCheckInGuestsQuery } from '@/store/rsvp-api';

type Outcome = { tone: 'success' | 'warning' | 'danger'; text: string };

/** The phone's camera reading QR codes (getUserMedia + jsQR): each code read is handed over once until the next differs. */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      const v = video.current;
      const c = canvas.current;
      if (v && c && v.readyState >= 2 && v.videoWidth) {
        c.width = v.videoWidth;
        c.height = v.videoHeight;
        const ctx = c.getContext('2d', { willReadFrequently: true });
        if (ctx) {
          ctx.drawImage(v, 0, 0, c.width, c.height);
          const found = jsQR(ctx.getImageData(0, 0, c.width, c.height).data, c.width, c.height, { inversionAttempts: 'dontInvert' });
          const now = Date.now();
          if (found?.data && !(last.current && last.current.code === found.data && now - last.current.at < 4000)) {
            last.current = { code: found.data, at: now };
            onCode(found.data);
          }
        }
      }
      frame = requestAnimationFrame(tick);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play();
        }
        frame = requestAnimationFrame(tick);
      })
      .catch((err: Error) => {
        setProblem(`The camera could not be opened (${err.message}). Enter the code or search the guest instead.`);
        setOn(false);
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [on, onCode]);

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant={on ? 'outline' : 'primary'}
        onClick={() => {
          if (!on && !navigator.mediaDevices) {
            setProblem('This browser gives no access to a camera here (it needs HTTPS). Enter the code or search the guest instead.');
            return;
          }
          setProblem(null);
          setOn((v) => !v);
        }}
      >
        {on ? <CameraOff aria-hidden="true" className="size-4" /> : <Camera aria-hidden="true" className="size-4" />}
        {on ? 'Stop the camera' : 'Scan with the camera'}
      </Button>
      {problem && <p role="alert" className="text-sm text-danger">{problem}</p>}
      <video ref={video} className={on ? 'w-full rounded-lg bg-black' : 'hidden'} muted playsInline aria-label="Camera view" />
      <canvas ref={canvas} className="hidden" />
    </div>
  );
}

/** Campaigns/Events/CheckIn (/events/{id}/check-in): the door on a phone — scan a guest's QR code, enter it, or find them by name; arrivals refresh every few seconds. */
export default function CheckIn({ event }: { event: RsvpEventSummary }) {
  const [search, setSearch] = useState('');
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const term = useDebouncedValue(search.trim(), 300);
  const { data, isLoading, error, refetch } = useGetCheckInGuestsQuery({ eventId: event.id, search: term }, { pollingInterval: 5000 });
  const [checkIn, { isLoading: busy }] = useCheckInMutation();

  const run = useCallback(
    async (body: { code?: string; invitation_id?: number }) => {
      try {
        const a = await checkIn({ eventId: event.id, ...body }).unwrap();
        setOutcome({ tone: 'success', text: a.message });
        setCode('');
      } catch (err) {
        const status = (err as { status?: number }).status;
        setOutcome({ tone: status === 409 ? 'warning' : 'danger', text: errorMessage(err, 'The guest could not be checked in') });
      }
    },
    [checkIn, event.id],
  );
  const onScan = useCallback((c: string) => void run({ code: c }), [run]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void run({ code: code.trim() });
  };
  const t = data?.meta;

  return (
    <EventRsvpShell event={event} title="Check-in" current="/check-in">
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <p aria-live="polite" className="text-center text-lg font-semibold text-slate-900 dark:text-white">
          {t ? `${t.checked_in} of ${t.confirmed} guests arrived (${t.checked_in_seats} people)` : ' '}
        </p>
        {outcome && (
          <div role="status" className={`rounded-lg p-3 text-center text-base font-medium ${outcome.tone === 'success' ? 'bg-green-50 text-green-800 dark:bg-green-900/30 dark:text-green-200' : outcome.tone === 'warning' ? 'bg-amber-50 text-amber-800 dark:bg-amber-900/30 dark:text-amber-200' : 'bg-red-50 text-red-800 dark:bg-red-900/30 dark:text-red-200'}`}>
            {outcome.text}
          </div>
        )}
        <Card title="Scan a code">
          <div className="flex flex-col gap-4">
            <Scanner onCode={onScan} />
            <form onSubmit={submit} className="flex gap-2">
              <label htmlFor="check-in-code" className="sr-only">
                Guest’s code
              </label>
              <input id="check-in-code" className={`${inputClasses} flex-1`} placeholder="Or type the code under the QR code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
              <Button type="submit" disabled={!code.trim() || busy} busy={busy}>
                Check in
              </Button>
            </form>
          </div>
        </Card>
        <Card title="Find a guest">
          <input type="search" className={`${inputClasses} mb-3 w-full`} placeholder="Name, phone or email…" aria-label="Find a guest" value={search} onChange={(e) => setSearch(e.target.value)} />
          {error ? (
            <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the guests')}</ErrorAlert>
          ) : isLoading || !data ? (
            <SkeletonText lines={4} />
          ) : data.data.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{term ? 'No confirmed guest matches.' : 'No confirmed guests yet.'}</p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Confirmed guests">
              {data.data.map((g) => (
                <li key={g.id} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <div className="truncate font-medium text-slate-900 dark:text-white">
                      <bdi>{g.name || '—'}</bdi>
                      {g.plus_ones ? <span className="text-sm text-slate-500"> +{g.plus_ones}</span> : null}
                    </div>
                    <div className="truncate text-xs text-slate-500 dark:text-slate-400" dir="ltr">
                      {g.phone ?? g.email}
                    </div>
                  </div>
                  {g.checked_in_at ? (
                    <Badge tone="success">
                      In · <DateTimeText value={g.checked_in_at} />
                    </Badge>
                  ) : (
                    <Button size="sm" onClick={() => void run({ invitation_id: g.id })} disabled={busy}>
                      Check in
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </EventRsvpShell>
  );
}

CheckIn.layout = AppLayout;
