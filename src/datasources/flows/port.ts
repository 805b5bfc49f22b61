/**
 * The contract between the datasources and the job engine. The upstream's asynchronous flows (a
 * job kind: how a flow is started and how to read where it stands) and its at-most-once actions (a
 * desk action: how an action is sent and what a refusal says) are defined with the datasources; the
 * job engine and the action desk implement the port that runs them. Nothing here knows transfers or
 * cheques, and the engine knows nothing of them either.
 */
import type { UpstreamAccess } from '../shared/requestUpstream.js';

export type JobStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface JobFailure {
  readonly code: string;
  readonly message: string;
}

/** A job as stored: everything needed to poll it, show it, and resume it after a restart. */
export interface JobRecord<Kind extends string = string, Input = unknown, Result = unknown> {
  readonly id: string;
  readonly kind: Kind;
  readonly status: JobStatus;
  readonly input: Input;
  /** The upstream's handle for the job (for example the bill inquiry's requestId). */
  readonly ref: string;
  readonly result: Result | null;
  readonly failure: JobFailure | null;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Increases by one with every stored change; subscribers use it to skip stale events. */
  readonly version: number;
  /**
   * Epoch milliseconds until which the store keeps the job, finished or not (a transfer keeps its
   * idempotency key this long); the store's own retention applies after that.
   */
  readonly retainUntil?: number;
}

export type PollOutcome<Result> =
  /** `progress`: the result so far of a job whose result fills in while it runs (an SMS's delivery report). */
  | { readonly status: 'PENDING'; readonly progress?: Result }
  | { readonly status: 'SUCCESS'; readonly result: Result }
  | { readonly status: 'FAILED'; readonly failure: JobFailure };

/**
 * The job engine's upstream access: the process's own, with no caller's consent, since a job outlives
 * the request that started it.
 */
export interface JobUpstream extends Pick<UpstreamAccess, 'send'> {
  /**
   * The same access under a person's consent named by its `key` (the digest of its handle that a
   * request's consent carries, never the handle itself), for a job started under that consent. Its
   * calls fail as the consent's would in a request: UNAUTHENTICATED once it is revoked or has expired.
   * Absent where no consents are kept (an engine built for tests).
   */
  underConsent?(consentKey: string): Pick<UpstreamAccess, 'send'>;
}

/** One asynchronous upstream flow: how to start it and how to read where it stands. */
export interface JobKind<Input = unknown, Result = unknown, Name extends string = string> {
  /** The kind's name: stored with each of its jobs, and the prefix of an action's job id. */
  readonly name: Name;
  submit(upstream: JobUpstream, input: Input): Promise<string>;
  /** Where the job stands; `current` is its result so far (null until it has one). */
  poll(upstream: JobUpstream, ref: string, input: Input, current?: Result | null): Promise<PollOutcome<Result>>;
  /** How long a job of this kind is polled before it expires as failed; default the engine's. Infinity: never. */
  readonly maxAgeMs?: number;
  /** How long this job is polled before it expires, where that depends on the job as it stands; else `maxAgeMs`. */
  maxAgeOf?(job: JobRecord<Name, Input, Result>): number;
  /**
   * The failure of a job its record alone shows will never move (an action claimed but never handed over
   * for sending, whose sender stopped); null otherwise. Checked before each poll, stored only if the job
   * has not changed since it was read.
   */
  abandoned?(job: JobRecord<Name, Input, Result>, now: number): JobFailure | null;
}

export const isFinal = (status: JobStatus): boolean => status !== 'PENDING';

/** What an action's job keeps: the order, the key that names it and when it was claimed. */
export interface ActionInput<Order> {
  /** The national id of who acts: only their consent may see the action. */
  readonly actor: string;
  readonly idempotencyKey: string;
  /** SHA-256 of the canonical request as the client asked it: the same key with another request is refused. */
  readonly fingerprint: string;
  readonly order: Order;
  /** Epoch milliseconds. */
  readonly claimedAt: number;
  /**
   * Epoch milliseconds when the desk handed the action's request over for sending, stored before it was;
   * null while it has not been, and absent in records claimed before the desk kept it (taken as sent).
   */
  readonly dispatchedAt?: number | null;
}

export type ActionJobRecord<Kind extends string, Order, Result> = JobRecord<Kind, ActionInput<Order>, Result>;

/** One kind of action: how it is sent, and what an error says about whether it was applied. */
export interface DeskAction<Kind extends string, Order, Result> {
  /** The job kind, whose `poll` follows an unclear action; also the prefix of its job ids. */
  readonly kind: Kind;
  /** The action in messages to the client ("transfer", "cheque action"). */
  readonly noun: string;
  /** Sends the order once with `trackId`; throws when the upstream's answer is not a success. */
  send(upstream: Pick<UpstreamAccess, 'send'>, order: Order, trackId: string): Promise<Result>;
  /** The failure of an action known not to have been applied; null when the error settles nothing. */
  refusalOf(error: unknown): JobFailure | null;
  /**
   * Where a send that succeeded leaves the action: by default final, with the send's result. An action
   * followed after it is sent (an SMS, until each recipient's delivery is final) stays pending with its
   * result so far, and its kind's `poll` follows it.
   */
  sent?(result: Result): PollOutcome<Result>;
}

/** What one request asks of the desk. */
export interface ActionRequest<Order> {
  /** Carries the actor's consent, checked by the caller before this. */
  readonly upstream: Pick<UpstreamAccess, 'send'>;
  /** The national id of who acts (the payer, the drawer, the holder, the receiver). */
  readonly actor: string;
  readonly idempotencyKey: string;
  /** The request as the client asked it, for the fingerprint. */
  readonly asked: unknown;
  /**
   * The order to send, built only when the key is new (it may read from the upstream; it throws, and
   * nothing is claimed, when the request cannot be sent).
   */
  prepare(): Order | Promise<Order>;
}

/** Who acted, for a job of an action (a transfer, a cheque action); null for other jobs. */
export function actorOf(job: JobRecord): string | null {
  const input = job.input as Partial<ActionInput<unknown>> | null;
  return typeof input?.actor === 'string' && typeof input.fingerprint === 'string' ? input.actor : null;
}

/**
 * Runs actions at most once: what the datasources of transfers and cheque actions ask of the job
 * engine's action desk.
 */
export interface ActionPort {
  /** The outcome of the action under the request's key: sent now if the key is new, else the stored one. */
  execute<Kind extends string, Order, Result>(
    action: DeskAction<Kind, Order, Result>,
    request: ActionRequest<Order>,
  ): Promise<ActionJobRecord<Kind, Order, Result>>;
  /** The actor's action of `kind` under `idempotencyKey`, as it stands; null when there is none. */
  find<Kind extends string, Order, Result>(
    action: DeskAction<Kind, Order, Result>,
    actor: string,
    idempotencyKey: string,
  ): Promise<ActionJobRecord<Kind, Order, Result> | null>;
}
