import { randomUUID } from 'node:crypto';
import { FormData } from 'undici';
import { consentRequired } from '../../errors.js';
import type { ResilienceConfig } from '../../config.js';
import { ErrorCode, UpstreamError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { upstreamCalls, upstreamDuration } from '../../observability/metrics.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { answerOf, type UpstreamAnswer } from './envelope.js';
import { CANCELLED_MESSAGE, errorFromAnswer, errorFromTransport, isTokenRejection } from './errorMapping.js';
import { TransportError, type HttpTransport } from './http.js';
import { inUpstreamSpan, noteUpstreamAttempt } from '../../observability/tracing.js';
import { FairScheduler, type Lane } from './fairScheduler.js';
import { operation, pathParameters, type Grant, type OperationId, type OperationSpec } from './operations.js';
import {
  NotSentError,
  UpstreamResilience,
  retryAfterMs,
  type AttemptVerdict,
  type CallBudget,
  type NotSentReason,
} from './resilience.js';
import type { TokenBroker } from './tokenBroker.js';

/** What an operation under a user grant needs from the caller's consent. */
export interface UserTokenNeed {
  readonly operationId: string;
  readonly scope: string;
  readonly grant: Exclude<Grant, 'client_credentials'>;
  /** The national id the call acts for. */
  readonly subject: string;
}

/**
 * The caller's consent, as the client sees it: user tokens for operations whose grant is not
 * client_credentials. Implementations throw the GraphQL errors a caller should see
 * (UNAUTHENTICATED, CONSENT_REQUIRED, FORBIDDEN) before any upstream call is made.
 */
export interface UserCredentials {
  /** A stable, non-secret identity of the consent, for deduplication keys. */
  readonly key: string;
  /** The user's access token for `need`. */
  token(need: UserTokenNeed): Promise<string>;
  /** The upstream rejected `rejected`: renew it once (refresh grant) and give the new token. */
  renew(rejected: string): Promise<string>;
}

/** A file part of a multipart form. */
export interface FormFile {
  readonly data: Uint8Array;
  readonly filename: string;
  readonly contentType: string;
}

/** A multipart form: text fields and file parts, by field name. */
export type Form = Readonly<Record<string, string | FormFile>>;

export interface CallOptions {
  /** Values for the `{name}` segments of the path template other than `clientId`. */
  readonly path?: Readonly<Record<string, string>>;
  /**
   * Query parameters; undefined and null values are left out. The call's own `trackId` is added,
   * except for an operation whose `trackId` parameter names another call (the call log).
   */
  readonly query?: Readonly<Record<string, string | null | undefined>>;
  /** JSON body, for POST operations. */
  readonly body?: unknown;
  /**
   * A `multipart/form-data` body, for the upload operations (wire facts §1); not together with `body`.
   * Text fields are sent as they are, file parts with their filename and content type.
   */
  readonly form?: Form;
  /**
   * For operations under a user grant: the national id the call acts for, when the path does not
   * carry it as `{nid}` or `{user}` (for example a `nationalCode` query parameter).
   */
  readonly subject?: string;
  /** The caller's consent; required for operations under a user grant, ignored otherwise. */
  readonly consent?: UserCredentials;
  readonly signal?: AbortSignal;
  /**
   * Who the call is for, so the process-wide capacity is shared fairly between callers and between
   * their operations when it runs short. Omitted: the background lane (jobs followed by the engine).
   */
  readonly lane?: Lane;
  /**
   * The trackId to send, for a call whose outcome must be looked up later by it (a money movement):
   * letters, digits and hyphens, at most 38 characters. Such a call is sent once, never resent.
   * Omitted: a fresh UUID for every attempt.
   */
  readonly trackId?: string;
  /**
   * Awaited right before each attempt is handed over for sending, once it has its slot, its token and
   * its time: if it throws, the attempt is not sent and the call fails with that error. A call that
   * failed before calling it never left this process (refused by its breaker or budget, or failing
   * earlier: its token, its consent, its URL).
   */
  readonly beforeSend?: () => Promise<void>;
}

/** Within the upstream's 40 characters (the derived trackIds of actions are 36). */
const CHOSEN_TRACK_ID = /^[A-Za-z0-9-]{1,38}$/;

export interface UpstreamResult {
  readonly result: unknown;
  /** The trackId of the call that produced this answer. */
  readonly trackId: string;
  readonly responseCode?: string;
}

export interface UpstreamClientOptions {
  readonly http: HttpTransport;
  readonly tokens: TokenBroker;
  readonly baseUrl: string;
  readonly clientId: string;
  readonly timeoutMs: number;
  /** Upstream calls in flight at once across the process. */
  readonly maxConcurrency: number;
  /**
   * The transport's connections to the upstream. Calls beyond them would wait in the transport's own
   * first-come queue, with their timeout running, where no turns are taken (one given up there was
   * never sent); so at most this many less one go out at once, the
   * one left for token requests, which never wait for a slot. Omitted: no bound beyond `maxConcurrency`.
   */
  readonly connections?: number;
  /** Budget, retries and breakers; omitted: one attempt per call, no breaker opens, the default budget. */
  readonly resilience?: ResilienceConfig;
  readonly logger: Logger;
  /** Reads an HTTP date in `Retry-After` against it. */
  readonly clock?: Clock;
}

/** A budget and breakers that change nothing: one attempt, and a breaker that needs more calls than any test makes. */
export const NO_RESILIENCE: ResilienceConfig = {
  operationBudgetMs: 15_000,
  retryAttempts: 1,
  retryInitialDelayMs: 100,
  retryMaxDelayMs: 2_000,
  breakerThreshold: 0.5,
  breakerWindowMs: 30_000,
  breakerMinCalls: Number.MAX_SAFE_INTEGER,
  breakerConsecutiveFailures: Number.MAX_SAFE_INTEGER,
  breakerHalfOpenMs: 10_000,
};

/** How one attempt ended: an answer, no answer, or never sent. */
type Attempt =
  | {
      readonly kind: 'answer';
      readonly outcome: UpstreamAnswer;
      readonly trackId: string;
      readonly retryAfterMs?: number;
    }
  | { readonly kind: 'transport'; readonly error: TransportError; readonly trackId: string }
  | { readonly kind: 'notSent'; readonly reason: NotSentReason; readonly trackId: string };

/**
 * The only code that calls the upstream. Every call gets a fresh trackId, the token for its
 * operation's scope, a timeout and envelope parsing; every failure becomes one typed UpstreamError.
 * A call whose token is rejected is sent once more with a new token and a new trackId, unless it
 * brought its own trackId (a transfer, a cheque action): that one fails, never applied. Around the one send, the resilience
 * policies (resilience.ts) bound the call's time, pass it through its group's circuit breaker, and
 * resend a call the catalog marks safe to resend (each attempt with a new trackId) after a transient
 * failure. A call with a chosen trackId is never resent that way: its outcome is looked up by it.
 */
export class UpstreamClient {
  private readonly scheduler: FairScheduler;
  readonly resilience: UpstreamResilience;

  constructor(private readonly options: UpstreamClientOptions) {
    this.scheduler = new FairScheduler(schedulerCapacity(options.maxConcurrency, options.connections));
    this.resilience = new UpstreamResilience(options.resilience ?? NO_RESILIENCE, options.logger);
  }

  call(operationId: OperationId, options: CallOptions = {}): Promise<UpstreamResult> {
    return inUpstreamSpan(operationId, {}, () => this.callOnce(operationId, options));
  }

  private async callOnce(operationId: OperationId, options: CallOptions): Promise<UpstreamResult> {
    const spec = operation(operationId);
    const credentials = this.credentialsFor(spec, options);
    if (options.trackId !== undefined && !CHOSEN_TRACK_ID.test(options.trackId))
      throw new Error(`${operationId}: unusable trackId ${options.trackId}`);
    const chosen = options.trackId;
    const budget = this.resilience.budget(options.signal);
    let token = await credentials.token();
    let answer = await this.attempts(spec, options, token, budget, () => chosen ?? randomUUID());
    if (answer.kind === 'answer' && answer.outcome.kind === 'failure' && isTokenRejection(answer.outcome)) {
      this.options.logger.info(
        { operationId, trackId: answer.trackId },
        'upstream rejected the token; renewing it once',
      );
      if (chosen === undefined) {
        token = await credentials.renew(token);
        answer = await this.attempts(spec, options, token, budget, randomUUID);
      } else {
        // A call with a chosen trackId (a transfer, a cheque action) is not resent under another trackId:
        // were the upstream to forget trackIds it refused for their token, a later resend under the chosen
        // one after the store lost its record would be applied a second time. It fails with the answer as
        // it came, never applied; the token is renewed for the calls to come, and a renewal that fails
        // must not hide that answer.
        await credentials.renew(token).catch((error: unknown) => {
          this.options.logger.warn(
            { operationId, err: error instanceof Error ? error.message : String(error) },
            'renewing a rejected token failed',
          );
        });
      }
    }
    if (answer.kind === 'notSent') throw notSentError(spec.id, answer.reason);
    if (answer.kind === 'transport') throw errorFromTransport(spec.id, answer.error, answer.trackId, spec.retrySafe);
    const { outcome, trackId } = answer;
    if (outcome.kind === 'failure') throw errorFromAnswer(operationId, outcome, trackId, spec.retrySafe);
    return {
      result: outcome.result,
      trackId: outcome.trackId ?? trackId,
      ...(outcome.responseCode && { responseCode: outcome.responseCode }),
    };
  }

  /** The attempts of one send: retried when the catalog says resending is safe; the caller's abort ends the wait. */
  private attempts(
    spec: OperationSpec,
    options: CallOptions,
    token: string,
    budget: CallBudget,
    nextTrackId: () => string,
  ): Promise<Attempt> {
    let lastTrackId = '';
    const run = this.resilience.attempts(
      spec,
      budget,
      spec.retrySafe && options.trackId === undefined,
      verdictOf,
      () => {
        lastTrackId = nextTrackId();
        return this.attempt(spec, options, token, lastTrackId, budget);
      },
    );
    return budget.race(run, () => ({
      kind: 'transport',
      error: new TransportError('aborted', true),
      trackId: lastTrackId,
    }));
  }

  /**
   * Where the operation's token comes from: the token broker for client_credentials, the caller's
   * consent for the user grants. A user-grant call without a consent fails before any upstream call.
   */
  private credentialsFor(
    spec: OperationSpec,
    options: CallOptions,
  ): { token(): Promise<string>; renew(rejected: string): Promise<string> } {
    const { grant } = spec;
    if (grant === 'client_credentials') {
      const scopes = [spec.scope];
      return {
        token: () => this.options.tokens.getToken(scopes),
        renew: (rejected) => this.options.tokens.replaceRejected(scopes, rejected),
      };
    }
    const { consent } = options;
    if (!consent) throw consentRequired(spec.scope, grant);
    const subject = options.path?.['nid'] ?? options.path?.['user'] ?? options.subject;
    // Fail closed: a user token is only ever used for a named person.
    if (!subject) throw new Error(`${spec.id} runs under ${grant} and needs the national id it acts for`);
    const need: UserTokenNeed = { operationId: spec.id, scope: spec.scope, grant, subject };
    return { token: () => consent.token(need), renew: (rejected) => consent.renew(rejected) };
  }

  private async attempt(
    spec: OperationSpec,
    options: CallOptions,
    token: string,
    trackId: string,
    budget: CallBudget,
  ): Promise<Attempt> {
    const late = budget.stopReason();
    if (late) return this.notSent(spec, late, trackId);
    const url = this.url(spec, options, trackId);
    const body = requestBody(spec, options);
    let started = 0;
    // Set once the wait for a slot was given up and answered as not sent: the call must never go out then.
    let abandoned: NotSentReason | null = null;
    try {
      // Tokens are fetched before a slot is taken, so a token request never waits behind user calls.
      const sending = this.scheduler.run(
        async () => {
          let stop = abandoned ?? budget.stopReason();
          if (stop) throw new NotSentError(stop);
          started = performance.now();
          if (options.beforeSend) {
            await options.beforeSend();
            stop = budget.stopReason();
            if (stop) throw new NotSentError(stop);
          }
          return this.resilience.guard(spec, () =>
            this.options.http.send({
              method: spec.method,
              url,
              headers: {
                authorization: `Bearer ${token}`,
                accept: 'application/json',
                // A form's content type carries its boundary: the transport sets it.
                ...(typeof body === 'string' && { 'content-type': 'application/json' }),
              },
              ...(typeof body === 'string' && { body }),
              ...(body instanceof FormData && { form: body }),
              timeoutMs: Math.max(1, Math.min(this.options.timeoutMs, Math.ceil(budget.remaining()))),
              ...(options.signal && { signal: options.signal }),
            }),
          );
        },
        options.lane,
        options.signal,
      );
      const response = await budget.untilStarted(
        sending,
        () => started > 0,
        (reason) => (abandoned = reason),
      );
      noteUpstreamAttempt(trackId, response.status);
      const outcome = answerOf(response, spec.answersWithoutStatus === true);
      this.record(
        spec,
        started,
        outcome.kind === 'success'
          ? 'success'
          : errorFromAnswer(spec.id, outcome, trackId, spec.retrySafe).details.code,
      );
      this.options.logger.debug(
        { operationId: spec.id, trackId, status: response.status, ms: elapsed(started) },
        'upstream call',
      );
      const wait = retryAfterMs(response.retryAfter, (this.options.clock ?? systemClock).now());
      return { kind: 'answer', outcome, trackId, ...(wait !== undefined && { retryAfterMs: wait }) };
    } catch (error) {
      if (error instanceof NotSentError) return this.notSent(spec, error.reason, trackId);
      if (!(error instanceof TransportError)) throw error;
      noteUpstreamAttempt(trackId);
      const outcome = {
        timeout: ErrorCode.UpstreamTimeout,
        network: ErrorCode.UpstreamUnavailable,
        aborted: 'ABORTED',
      };
      this.record(spec, started, outcome[error.kind]);
      const facts = { operationId: spec.id, trackId, failure: error.kind, ms: elapsed(started) };
      // A caller that went away is no fault of the upstream's: when a client disconnects, every call
      // its operation had in flight ends this way.
      if (error.kind === 'aborted') this.options.logger.debug(facts, 'upstream call abandoned');
      else this.options.logger.warn(facts, 'upstream call failed');
      return { kind: 'transport', error, trackId };
    }
  }

  private notSent(spec: OperationSpec, reason: NotSentReason, trackId: string): Attempt {
    upstreamCalls.inc({ operation: spec.id, outcome: 'not_sent' });
    this.options.logger.info({ operationId: spec.id, reason }, 'upstream call not sent');
    return { kind: 'notSent', reason, trackId };
  }

  private record(spec: OperationSpec, started: number, outcome: string): void {
    upstreamCalls.inc({ operation: spec.id, outcome: outcome.toLowerCase() });
    upstreamDuration.observe({ operation: spec.id }, (performance.now() - started) / 1000);
  }

  private url(spec: OperationSpec, options: CallOptions, trackId: string): string {
    let path = spec.path.replace('{clientId}', encodeURIComponent(this.options.clientId));
    for (const name of pathParameters(spec)) {
      const value = options.path?.[name];
      if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${spec.id}`);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    let query = spec.trackIdNamesAnotherCall ? '' : `trackId=${formEncode(trackId)}`;
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) query += `${query ? '&' : ''}${formEncode(key)}=${formEncode(value)}`;
    }
    return `${this.options.baseUrl}${path}?${query}`;
  }
}

/** Half of a surrogate pair without its other half: `URLSearchParams` writes it as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A query-string component as `URLSearchParams` writes it (application/x-www-form-urlencoded: space as
 * `+`, everything but letters, digits and `*-._` percent-encoded), without building one per call.
 */
export function formEncode(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'))
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The calls let out at once: within the connection pool, one connection left for token requests. */
function schedulerCapacity(maxConcurrency: number, connections: number | undefined): number {
  if (connections === undefined) return maxConcurrency;
  return Math.max(1, Math.min(maxConcurrency, connections - 1));
}

/**
 * The body of one attempt: JSON, or a multipart form built afresh for every attempt, so the retry
 * after a rejected token never depends on a body stream that was already sent.
 */
function requestBody(spec: OperationSpec, options: CallOptions): string | FormData | undefined {
  if (options.form !== undefined && options.body !== undefined)
    throw new Error(`${spec.id}: a call has a JSON body or a form, not both`);
  if (options.body !== undefined) return JSON.stringify(options.body);
  if (options.form === undefined) return undefined;
  const form = new FormData();
  for (const [name, value] of Object.entries(options.form)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.contentType }), value.filename);
  }
  return form;
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** Timeouts, cut connections, 5xx, 408, 429 and unreadable answers may go otherwise when sent again. */
function verdictOf(attempt: Attempt): AttemptVerdict {
  switch (attempt.kind) {
    case 'notSent':
      return { transient: false };
    case 'transport':
      return { transient: attempt.error.kind !== 'aborted' };
    case 'answer': {
      const { outcome } = attempt;
      if (outcome.kind === 'success') return { transient: false };
      const status = outcome.httpStatus;
      const transient = status >= 500 || status === 408 || status === 429 || !outcome.enveloped;
      return { transient, ...(attempt.retryAfterMs !== undefined && { retryAfterMs: attempt.retryAfterMs }) };
    }
  }
}

const NOT_SENT_MESSAGES: Record<NotSentReason, string> = {
  breaker: 'The upstream is failing; the call was not sent. Try again later.',
  budget: 'The upstream did not answer within the time allowed for the call.',
  aborted: CANCELLED_MESSAGE,
};

/** A call refused before it was sent: the upstream cannot have acted on it. */
function notSentError(operationId: string, reason: NotSentReason): UpstreamError {
  return new UpstreamError({
    code: reason === 'budget' ? ErrorCode.UpstreamTimeout : ErrorCode.UpstreamUnavailable,
    message: NOT_SENT_MESSAGES[reason],
    operationId,
    notSent: true,
  });
}
