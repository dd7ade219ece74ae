import { hostname } from 'node:os';
import type { Writable } from 'node:stream';

/**
 * Where Kazi's log lines (pino, one JSON line per call) and its few printed lines go: stdout,
 * without ever making a request or a shutdown wait for it (docs/decisions/0019-logging.md).
 *
 * It writes through Node's own `process.stdout`. On a pipe or a socket that is a libuv stream on
 * a non-blocking descriptor: a write hands the kernel what it takes at once and queues the rest,
 * and `process.exit` discards the queue instead of waiting for it (pino's own destination,
 * sonic-boom, loops forever in its exit hook on a pipe nobody reads). What this class adds is the
 * bound: while more than `maxPending` characters wait for the pipe, lines are dropped and
 * counted, and once everything queued has been written a line reports how many were lost.
 */
export interface LogDestinationOptions {
  /** where the lines go: process.stdout unless a test passes another stream */
  sink?: Writable;
  /** how much output (in characters, about bytes) may wait for the sink before lines are dropped */
  maxPending?: number;
}

/** A few MB: minutes of ordinary request logging, yet a bounded cost when nobody reads. */
export const DEFAULT_MAX_PENDING = 4 * 1024 * 1024;

export class LogDestination {
  private readonly sink: Writable;
  private readonly maxPending: number;
  /** writes handed to the sink whose callback has not come back yet */
  private inFlight = 0;
  private droppedTotal = 0;
  private droppedUnreported = 0;
  /** the sink failed (EPIPE: the reader is gone); everything from then on is dropped */
  private broken = false;
  private readonly idleWaiters = new Set<() => void>();
  private readonly written = () => {
    this.inFlight--;
    if (this.inFlight === 0) this.idle();
  };

  constructor(opts: LogDestinationOptions = {}) {
    this.sink = opts.sink ?? process.stdout;
    this.maxPending = opts.maxPending ?? DEFAULT_MAX_PENDING;
    // Without a listener an EPIPE on stdout would be thrown as an uncaught exception.
    this.sink.on('error', () => {
      this.broken = true;
      for (const wake of [...this.idleWaiters]) wake();
    });
  }

  /** One log line (pino's stream interface). Never waits: when too much is pending, the line is dropped and counted. */
  write(line: string): boolean {
    if (this.broken || this.sink.writableLength + line.length > this.maxPending) {
      this.droppedTotal++;
      this.droppedUnreported++;
      // a single line larger than the bound, with nothing else queued: report it at once
      if (this.inFlight === 0) this.idle();
      return false;
    }
    this.send(line);
    return true;
  }

  /**
   * A line people and scripts wait for ("Kazi is running at …", "Demo login: …"): written in
   * order with the log lines, never dropped for lack of room (it is short and written once),
   * never waited for either.
   */
  print(text: string): void {
    if (!this.broken) this.send(text);
  }

  /** Log lines dropped since the start because the sink was not taking them. */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Output accepted but not yet taken by the sink (characters). */
  get pending(): number {
    return this.sink.writableLength;
  }

  /**
   * Waits until everything accepted so far has been written (true), or until `timeoutMs` has
   * passed or the sink has failed (false). Never longer: a stuck pipe costs the deadline, no more.
   */
  flush(timeoutMs: number): Promise<boolean> {
    if (this.broken) return Promise.resolve(false);
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.idleWaiters.delete(wake);
        resolve(ok);
      };
      const wake = () => done(!this.broken && this.inFlight === 0);
      const timer = setTimeout(() => done(false), Math.max(0, timeoutMs));
      this.idleWaiters.add(wake);
    });
  }

  private send(text: string) {
    this.inFlight++;
    this.sink.write(text, this.written);
  }

  /** Everything queued has been written: report what was lost meanwhile, then wake flush(). */
  private idle() {
    if (this.droppedUnreported > 0 && !this.broken) {
      const n = this.droppedUnreported;
      this.droppedUnreported = 0;
      this.send(droppedReport(n));
      return;
    }
    for (const wake of [...this.idleWaiters]) wake();
  }
}

/** A warning shaped like pino's own lines, so whatever reads the logs reads this one too. */
function droppedReport(n: number): string {
  return `${JSON.stringify({
    level: 40,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    droppedLines: n,
    msg: `${n} log lines dropped: stdout was not taking output`,
  })}\n`;
}

let stdout: LogDestination | undefined;

/** The process's stdout destination, shared by the logger (server/app.ts) and the printed lines. */
export function stdoutLog(): LogDestination {
  return (stdout ??= new LogDestination());
}
