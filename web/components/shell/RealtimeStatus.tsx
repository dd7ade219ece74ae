import { cx } from '@/components/cx';
import { useRealtimeState, type RealtimeState } from '@/lib/realtime';

const LABEL: Record<RealtimeState, string> = {
  connecting: 'Live updates: connecting',
  connected: 'Live updates: connected',
  disconnected: 'Live updates: disconnected',
};

/**
 * The realtime connection's state (SPEC §4: connecting, connected, disconnected), discreetly: a
 * small dot in the top bar, its name for screen readers and on hover. Green when connected,
 * amber and pulsing while connecting, grey when disconnected.
 */
export function RealtimeStatus() {
  const state = useRealtimeState();
  return (
    <span className="grid size-6 place-items-center" title={LABEL[state]} data-testid="realtime-status" data-state={state}>
      <span
        aria-hidden="true"
        className={cx(
          'size-2 rounded-full',
          state === 'connected' && 'bg-success',
          state === 'connecting' && 'animate-pulse bg-warning motion-reduce:animate-none',
          state === 'disconnected' && 'bg-slate-400 dark:bg-slate-500',
        )}
      />
      <span className="sr-only">
        {LABEL[state]}
      </span>
    </span>
  );
}
