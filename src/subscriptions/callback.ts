/**
 * Subscriptions over HTTP callbacks (the subscription callback protocol 1.0 of the Apollo Router's
 * callback mode): each one's events are POSTed to the router's callback URL as `next` messages, a
 * `check` goes out every heartbeat interval, and `complete` ends it. When the router answers 404 (it
 * dropped the subscription) or refuses a message, the subscription and its source stop at once.
 */
import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import type { CallbackHost } from '../config.js';
import type { Logger } from '../logger.js';
import { callbackSubscriptionEnds, callbackSubscriptions } from '../observability/metrics.js';
import { readCallbackRequest, type CallbackRequest } from './callbackRequest.js';
import { sendCallback, type CallbackMessage, type Delivery, type SenderOptions } from './callbackSender.js';

export interface CallbackSubscriptionsOptions {
  /** The only hosts a callback URL may point at. */
  readonly allowedHosts: readonly CallbackHost[];
  readonly logger: Logger;
  /** Defaults: 5 s per attempt, 3 attempts, 100 ms before the second. */
  readonly sender?: Partial<SenderOptions>;
  /** Heartbeats in a row that get no answer (or 5xx) before the subscription is given up. */
  readonly maxHeartbeatFailures?: number;
}

/** What a subscription relays: its event stream, or the errors that kept it from starting. */
export type CallbackSource = AsyncIterator<ExecutionResult> | readonly GraphQLError[];

export interface CallbackStart {
  readonly request: CallbackRequest;
  readonly source: CallbackSource;
  /** Shapes each event (and errors) as they may leave the process. */
  readonly format: (result: ExecutionResult) => FormattedExecutionResult;
  /** Called once when the subscription stops, however it stops: cancels what its operation still has in flight. */
  readonly onStop: () => void;
}

const DEFAULT_SENDER: SenderOptions = { timeoutMs: 5_000, attempts: 3, retryDelayMs: 100 };
const DEFAULT_MAX_HEARTBEAT_FAILURES = 3;

/** The running callback subscriptions of this process. */
export class CallbackSubscriptions {
  private readonly relays = new Set<CallbackRelay>();
  private readonly sender: SenderOptions;
  private closed = false;

  constructor(private readonly options: CallbackSubscriptionsOptions) {
    this.sender = { ...DEFAULT_SENDER, ...options.sender };
  }

  /** How many subscriptions are relaying now. */
  get size(): number {
    return this.relays.size;
  }

  /** Reads `extensions.subscription`; throws BAD_REQUEST for anything wrong, the callback URL's host included. */
  read(extension: unknown): CallbackRequest {
    return readCallbackRequest(extension, this.options.allowedHosts);
  }

  /** The `check` the protocol sends before the router's request is answered. */
  check(request: CallbackRequest): Promise<Delivery> {
    return sendCallback(request, { action: 'check' }, this.sender);
  }

  /** Starts relaying a subscription whose `check` was delivered; returns at once. */
  start(start: CallbackStart): void {
    const relay = new CallbackRelay(start, {
      send: (message, attempts) =>
        sendCallback(start.request, message, attempts ? { ...this.sender, attempts } : this.sender),
      maxHeartbeatFailures: this.options.maxHeartbeatFailures ?? DEFAULT_MAX_HEARTBEAT_FAILURES,
      logger: this.options.logger.child({ subscriptionId: start.request.subscriptionId }),
      onEnd: (reason) => {
        this.relays.delete(relay);
        callbackSubscriptions.dec();
        callbackSubscriptionEnds.inc({ reason });
      },
    });
    callbackSubscriptions.inc();
    if (this.closed) {
      void relay.shutDown();
      return;
    }
    this.relays.add(relay);
    relay.run();
  }

  /** Ends every subscription with a `complete` that says the subgraph is going away (one attempt each). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.relays].map((relay) => relay.shutDown()));
  }
}

interface RelayDeps {
  send(message: CallbackMessage, attempts?: number): Promise<Delivery>;
  readonly maxHeartbeatFailures: number;
  readonly logger: Logger;
  /** Called once, when the relay stops. */
  onEnd(reason: EndReason): void;
}

type EndReason = 'completed' | Exclude<Delivery, 'delivered'> | 'shutdown';

/** One subscription: its events to `next`, its heartbeats, its end. */
class CallbackRelay {
  private stopped = false;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private heartbeatInFlight = false;
  private heartbeatFailures = 0;

  constructor(
    private readonly start: CallbackStart,
    private readonly deps: RelayDeps,
  ) {}

  run(): void {
    this.deps.logger.debug({ callbackHost: this.start.request.callbackUrl.host }, 'callback subscription started');
    const { source } = this.start;
    if (isErrorList(source)) {
      void this.complete(source);
      return;
    }
    this.scheduleHeartbeat();
    void this.relay(source);
  }

  /** The subgraph stops: the router hears `complete` with SERVICE_UNAVAILABLE, so its client can subscribe again. */
  async shutDown(): Promise<void> {
    if (this.stopped) return;
    const errors = [
      new GraphQLError('The subgraph is shutting down; subscribe again.', {
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      }),
    ];
    this.halt('shutdown');
    await this.deps.send({ action: 'complete', errors: this.format(errors) }, 1);
  }

  private async relay(events: AsyncIterator<ExecutionResult>): Promise<void> {
    try {
      for (;;) {
        const step = await events.next();
        if (this.stopped) return;
        if (step.done) return await this.complete([]);
        const delivery = await this.deps.send({ action: 'next', payload: this.start.format(step.value) });
        if (this.stopped) return;
        if (delivery !== 'delivered') return this.end(delivery, 'next');
      }
    } catch (error) {
      if (this.stopped) return;
      const failure =
        error instanceof GraphQLError
          ? error
          : new GraphQLError('Internal server error', { originalError: toError(error) });
      await this.complete([failure]);
    }
  }

  /** Sends `complete` (with the errors, when it failed) and stops. */
  private async complete(errors: readonly GraphQLError[]): Promise<void> {
    if (this.stopped) return;
    this.halt('completed');
    const delivery = await this.deps.send({
      action: 'complete',
      ...(errors.length > 0 && { errors: this.format(errors) }),
    });
    this.deps.logger.debug({ delivery, failed: errors.length > 0 }, 'callback subscription completed');
  }

  /** The router dropped or refused the subscription, or cannot be reached: stop without another message. */
  private end(delivery: Exclude<Delivery, 'delivered'>, action: CallbackMessage['action']): void {
    if (this.stopped) return;
    this.halt(delivery);
    const log = delivery === 'gone' ? this.deps.logger.debug : this.deps.logger.warn;
    log.call(this.deps.logger, { delivery, action }, 'callback subscription stopped by its router');
  }

  /** Stops sending, releases the event stream and whatever the operation has in flight. */
  private halt(reason: EndReason): void {
    this.stopped = true;
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    const { source } = this.start;
    if (!isErrorList(source)) {
      source.return?.().catch((error: unknown) => {
        this.deps.logger.warn({ err: toError(error).message }, 'a callback subscription did not release its source');
      });
    }
    this.start.onStop();
    this.deps.onEnd(reason);
  }

  /** A `check` every interval while running; one at a time (a tick that finds one still in flight sends none). */
  private scheduleHeartbeat(): void {
    const interval = this.start.request.heartbeatIntervalMs;
    if (interval === 0 || this.stopped) return;
    this.heartbeatTimer = setTimeout(() => void this.heartbeat(), interval);
    this.heartbeatTimer.unref();
  }

  private async heartbeat(): Promise<void> {
    this.scheduleHeartbeat();
    if (this.heartbeatInFlight || this.stopped) return;
    this.heartbeatInFlight = true;
    try {
      // One attempt: the heartbeats that follow are its retries.
      const delivery = await this.deps.send({ action: 'check' }, 1);
      if (this.stopped || delivery === 'delivered') {
        this.heartbeatFailures = 0;
        return;
      }
      if (delivery === 'unreachable' && ++this.heartbeatFailures < this.deps.maxHeartbeatFailures) return;
      this.end(delivery, 'check');
    } finally {
      this.heartbeatInFlight = false;
    }
  }

  private format(errors: readonly GraphQLError[]): readonly GraphQLFormattedError[] {
    return this.start.format({ errors }).errors ?? [];
  }
}

function isErrorList(source: CallbackSource): source is readonly GraphQLError[] {
  return Array.isArray(source);
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
