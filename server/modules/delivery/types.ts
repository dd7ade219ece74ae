import type { CreditService } from '../../../common/wallet.js';
import type { Tx } from '../../db/client.js';
import type { SendChannel, SendStatus } from './schema.js';

/** A send as the dispatcher reads it. */
export interface SendRecord {
  id: number;
  tenantId: number;
  channel: SendChannel;
  status: SendStatus;
  driver: string;
  body: string;
  senderId: string | null;
  personalised: boolean;
  amount: string | null;
  currency: string | null;
  ignoreQuietHours: boolean;
}

/** A recipient the dispatcher has claimed (state `sending`). */
export interface ClaimedRow {
  id: number;
  contactId: number | null;
  address: string;
  /** this recipient's own text, when the send is personalised */
  body: string | null;
  units: string;
  attempts: number;
  /**
   * requests for this recipient the provider refused outright before (nothing sent): a channel
   * whose provider takes an idempotency key puts it in the key, so the key changes after a
   * refusal (the provider would otherwise repeat its remembered refusal) and never after an
   * unknown answer (a retry of a request that may have arrived must carry the same key)
   */
  refusals: number;
}

/** What the provider answered for one claimed recipient. */
export type RowOutcome =
  | {
      id: number;
      outcome: 'accepted';
      providerId: string;
      /** the provider's status word, when it gave one */
      status?: string | null;
      /** final already (a top-up that succeeded at once): delivered */
      delivered?: boolean;
    }
  | {
      id: number;
      outcome: 'refused';
      reason: string;
      /** the provider's name for the refusal */
      code: string;
      /** may go through later: retried with backoff */
      temporary: boolean;
      /** about the account, not the recipient: the send pauses */
      account: boolean;
      /**
       * the whole request failed for a passing reason (the provider unavailable, the network):
       * nobody was refused, so it neither spends an attempt nor counts towards the automatic pause
       */
      outage?: boolean;
    }
  | {
      id: number;
      outcome: 'unknown';
      reason: string;
    };

/** The sending rules of a company for a channel. */
export interface ChannelRules {
  /** local times ("20:00", "08:00") in the company's time zone; null: no quiet hours */
  quiet: { start: string; end: string } | null;
  /** pause when more than this per cent of the answers were refusals or unknown… */
  pauseErrorRate: number;
  /** …once at least this many answers came */
  pauseMinSample: number;
}

/** The request failed as a whole and nothing was sent: try again later (temporary) or pause the send. */
export class DispatchFailed extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
    this.name = 'DispatchFailed';
  }
}

/**
 * What a channel (SMS, airtime, email) hands the engine: how to send a claimed batch and what its
 * rules are. The engine does the rest — claiming, throttles, retries, pause, credits, recovery.
 */
export interface DeliveryChannel {
  name: SendChannel;
  /** the wallet service its units are charged as */
  service: CreditService;
  /** recipients claimed at once (one provider request may take them all, or the channel splits them) */
  batchSize: number;
  /** the throttle keys a send goes through ("provider:africastalking", "sender:africastalking:KAZI") */
  throttleKeys(send: SendRecord): string[];
  /** the company's rules for this channel */
  rules(tx: Tx, tenantId: number): Promise<ChannelRules>;
  /**
   * Sends the claimed rows and answers each (any order; a row left out is taken as unknown).
   * Throws DispatchFailed when nothing was sent; anything else thrown is taken as unknown for
   * every row (the request may have left).
   */
  dispatch(send: SendRecord, rows: ClaimedRow[]): Promise<RowOutcome[]>;
}

/** A provider's report on a recipient after its answer: a delivery report, a status callback. */
export interface DeliveryReportInput {
  /** the provider's id of the message or request */
  providerId: string;
  /** the recipient's address, to find a row whose answer was lost (no provider id stored) */
  address: string | null;
  state: 'pending' | 'delivered' | 'failed' | 'rejected';
  status: string;
  reason: string | null;
  networkCode?: string | null;
}
