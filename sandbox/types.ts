import type { Clock } from '../src/lib/clock.js';
import type { AppliedTransfer } from './ledger.js';
import type { AppliedSayadStep } from './sayad.js';
import type { InboundSmsDelivery, InboundSmsWire } from './smsInbox.js';
export interface SandboxOptions {
  /** Default 'sandbox-client'. */
  clientId?: string;
  /** Default 'sandbox-secret'. */
  clientSecret?: string;
  /** National id the client-credentials token request must carry as `nid`; default '0499370899'. */
  clientNid?: string;
  /** How long an asynchronous bill inquiry stays PENDING; default 2000. */
  asyncDelayMs?: number;
  /** Token `lifeTime` in ms; default 864000000 (10 days). */
  tokenLifetimeMs?: number;
  /** How long an SMS consent OTP, a Shahkar SMS code or a transaction credit code stays valid; default 180000 (3 minutes, as upstream). The OTP itself is always SANDBOX_OTP. */
  otpLifetimeMs?: number;
  /** Added to every answer; default 0. */
  latencyMs?: number;
  /** Seed of the random numbers that decide probabilistic faults; default: unseeded (Math.random). */
  faultSeed?: number;
  /**
   * Serve the admin path (`/__sandbox/faults`, `/__sandbox/latency`, `/__sandbox/sms/inbound`), so
   * another process can inject faults or inbound SMS over HTTP; default false.
   */
  admin?: boolean;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Where the sandbox reads the time of day (expiries, receive times, "today"); default the system clock. */
  clock?: Clock;
}

export type SandboxSettings = Required<Omit<SandboxOptions, 'host' | 'port' | 'faultSeed' | 'admin' | 'clock'>>;

export interface RecordedCall {
  /** Catalog id; 'token', 'authorize', 'verifySms' or 'revokeToken' for those endpoints; 'unknown' for anything else. */
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
  /** The call's own trackId, as sent; never the one a wages call looks up. */
  trackId?: string;
  /** HTTP status sent; 0 while the answer is pending and for calls answered by a connection reset. */
  status: number;
  /** The JSON body answered (the envelope), or the text of a raw answer; undefined while pending or reset. */
  answer?: unknown;
  /** Arrival, epoch ms. */
  at: number;
  /** Scopes of the bearer token presented, when the token was valid. */
  scopes?: string[];
  /** Kind of the bearer token presented, when the token was valid. */
  tokenType?: 'CLIENT-CREDENTIAL' | 'CODE';
  /** The national id a valid CODE token acts for. */
  tokenUserId?: string;
}

/** An SMS the sandbox "sent": one recipient of a bulk send, or a one-time-password SMS. */
export interface SentSms {
  readonly kind: 'BULK' | 'OTP';
  /** The trackId of the call that sent it. */
  readonly trackId: string;
  readonly from: string;
  /** The mobile, in `09…` form. */
  readonly to: string;
  readonly text: string;
  readonly templateId: string | null;
  /** Epoch ms. */
  readonly at: number;
}

export interface FaultRule {
  /** Operation the rule applies to ('token' for the token endpoint); omitted = any. */
  operationId?: string;
  /** Answer with this HTTP status and an error envelope. */
  status?: number;
  /** Wait this long before answering (longer than the caller's timeout: a timeout). */
  delayMs?: number;
  /** Destroy the socket without answering. */
  reset?: boolean;
  /** Answer with a body that is not JSON: HTTP `status`, or 200 when no status is given. */
  malformed?: boolean;
  /** A `Retry-After` header on the answer: delta-seconds, or an HTTP date (a 429 or 503 usually carries it). */
  retryAfter?: number | string;
  /**
   * The rule applies to a matching call with this probability (0–1), drawn from the sandbox's seedable
   * random numbers; a call it passes over may match a later rule. Default 1.
   */
  probability?: number;
  /**
   * Let the operation take effect first, then answer with the fault (delay, status or reset): the
   * ambiguous case of a money movement that was applied although its caller saw a failure.
   */
  afterEffect?: boolean;
  /** How many matching calls the rule applies to; default 1 (Infinity for a rule with a probability); Infinity allowed. */
  times?: number;
}

/** Extra latency before every answer of one operation, or of all of them. */
export interface LatencyRule {
  /** Operation the latency applies to ('token' for the token endpoint); omitted = every call. */
  operationId?: string;
  /** Added before the answer, on top of the sandbox's `latencyMs`. */
  ms: number;
}

/** A fault rule as it stands: the rule and how many uses it has left. */
export interface ArmedFault {
  readonly rule: Readonly<FaultRule>;
  readonly remaining: number;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:54321, no trailing slash. */
  readonly url: string;
  /** Whether the fault-control admin path is served. */
  readonly admin: boolean;
  readonly options: Readonly<SandboxSettings>;
  calls(operationId?: string): RecordedCall[];
  clearCalls(): void;
  injectFault(rule: FaultRule): void;
  /** The fault rules injected and not cleared, with their remaining uses. */
  faults(): ArmedFault[];
  /** Forgets every fault rule and latency rule, and lets every held answer go. */
  clearFaults(): void;
  /**
   * Holds the answers of calls to `operationId` (of every call when omitted): each call is recorded,
   * pending, and waits until the function returned is called (or `clearFaults`, or the sandbox closes);
   * it is then answered as things stand at that moment. A test makes the upstream wait for it this way,
   * however slow the machine, where a delay would race it.
   */
  holdAnswers(operationId?: string): () => void;
  /**
   * Holds calls to `operationId` (every call when omitted) before they arrive, as if still queued in the
   * network: not recorded, their trackIds not admitted, so inquiries and the call log know nothing of
   * them, until the function returned is called (or `clearFaults`, or the sandbox closes); each is then
   * handled as if it arrived at that moment.
   */
  holdArrivals(operationId?: string): () => void;
  /** Sets the extra latency of one operation, or of every call when `operationId` is omitted (0 removes it). */
  setLatency(rule: LatencyRule): void;
  /** An account's balance in rials: its opening balance in the world moved by the transfers applied. */
  balanceOf(iban: string): bigint;
  /** Every transfer applied so far, oldest first. */
  appliedTransfers(): readonly AppliedTransfer[];
  /** Every Sayad cheque step applied so far (issue, transfer, answer, cancel), oldest first, with its trackId. */
  appliedSayadSteps(): readonly AppliedSayadStep[];
  /**
   * Puts an inbound SMS in the inbox of its destination (one of the client's sender numbers), to be read
   * by `facilityReceiveSmsGet`; received now unless it says when. Throws a RangeError for another number.
   */
  deliverInboundSms(message: InboundSmsDelivery): InboundSmsWire;
  /** How many inbound SMS wait, unread, for `number`. */
  waitingInboundSms(number: string): number;
  /** Every SMS sent so far (each recipient of a bulk send, each one-time password), oldest first. */
  sentSms(): readonly SentSms[];
  /** Every access token issued so far answers 401 from now on; refresh tokens stay usable. */
  revokeAllTokens(): void;
  /** Applies to inquiries submitted from now on. */
  setAsyncDelay(ms: number): void;
  /** Closes the server and every open socket. */
  close(): Promise<void>;
}
