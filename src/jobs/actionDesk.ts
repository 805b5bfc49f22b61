/**
 * Where actions that must happen at most once are sent (the datasources define them: money transfers and
 * Sayad cheque actions), behind the datasources' action port.
 *
 * An action is named by who acts and the client's idempotency key. Before anything is sent, its job is
 * claimed in the job store under that name with a trackId chosen here; a store refuses a second claim,
 * so of all the requests carrying one key (retries, concurrent duplicates, other replicas) exactly one
 * sends, and only once. The others answer from the stored job. An answer that settles nothing
 * (timeout, HTTP 408, 5xx, a cut connection) is never resent: the job engine follows the action by its
 * trackId (its kind's `poll`) until the upstream says what happened, also after a restart.
 *
 * The store is not the only guard: the trackId is derived from the client, the kind, the actor and the
 * key (`actionTrackIds`), so an action claimed again after the store lost its record (a Redis restart
 * without persistence, a failover, an eviction) goes out with the trackId it went out with before, and
 * the upstream refuses it as a duplicate. That refusal is no failure: the action reached the upstream
 * before, and its outcome is recovered by the trackId (the transfer inquiry, the call log) and answered.
 * The upstream's record is then the truth even if the resend asked for something else under the key:
 * without the stored record there is nothing to compare it with.
 */
import { createHash } from 'node:crypto';
import type { ActionJobRecord, ActionPort, ActionRequest, DeskAction, JobRecord } from '../datasources/flows/port.js';
import { callStatusOf } from '../datasources/flows/callRecords.js';
import { isDuplicateTrackId, notSent } from '../datasources/flows/refusals.js';
import type { UpstreamAccess } from '../datasources/shared/requestUpstream.js';
import { BadUserInputError } from '../errors.js';
import { canonicalJson } from '../lib/json.js';
import type { Logger } from '../logger.js';
import type { ActionTrackIds } from './actionTrackIds.js';
import type { JobEngine } from './engine.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** The job id of an actor's action of `kind` under an idempotency key. */
export function actionJobId(kind: string, actor: string, idempotencyKey: string): string {
  return `${kind}-${createHash('sha256').update(`${actor}\n${idempotencyKey}`).digest('hex').slice(0, 40)}`;
}

const fingerprintOf = (asked: unknown): string => createHash('sha256').update(canonicalJson(asked)).digest('hex');

export class ActionDesk implements ActionPort {
  /** Sends in flight in this process, so a concurrent duplicate here waits for the answer. */
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly jobs: JobEngine,
    private readonly logger: Logger,
    private readonly keyRetentionMs: number,
    private readonly trackIds: ActionTrackIds,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The outcome of the action under the request's key: sent now if the key is new, else the stored one. */
  async execute<Kind extends string, Order, Result>(
    action: DeskAction<Kind, Order, Result>,
    request: ActionRequest<Order>,
  ): Promise<ActionJobRecord<Kind, Order, Result>> {
    const id = actionJobId(action.kind, request.actor, request.idempotencyKey);
    const fingerprint = fingerprintOf(request.asked);
    const stored = await this.jobs.get(id);
    if (stored) return this.existing(action, stored as ActionJobRecord<Kind, Order, Result>, fingerprint);
    const order = await request.prepare();
    const at = this.clock.now();
    const job: ActionJobRecord<Kind, Order, Result> = {
      id,
      kind: action.kind,
      status: 'PENDING',
      input: {
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
        fingerprint,
        order,
        claimedAt: at,
        dispatchedAt: null,
      },
      ref: this.trackIds({ kind: action.kind, actor: request.actor, idempotencyKey: request.idempotencyKey }),
      result: null,
      failure: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
      retainUntil: at + this.keyRetentionMs,
    };
    if (!(await this.jobs.claim(job))) return this.existing(action, null, fingerprint, id);
    const sending = this.send(action, request.upstream, job);
    this.inflight.set(id, sending);
    try {
      return await sending;
    } finally {
      this.inflight.delete(id);
    }
  }

  /** The actor's action of `kind` under `idempotencyKey`, as it stands; null when there is none. */
  async find<Kind extends string, Order, Result>(
    action: DeskAction<Kind, Order, Result>,
    actor: string,
    idempotencyKey: string,
  ): Promise<ActionJobRecord<Kind, Order, Result> | null> {
    return (await this.jobs.get(actionJobId(action.kind, actor, idempotencyKey))) as ActionJobRecord<
      Kind,
      Order,
      Result
    > | null;
  }

  /** The stored action under `id` (`read` when already read), once any send of this process has its answer. */
  private async existing<Kind extends string, Order, Result>(
    action: DeskAction<Kind, Order, Result>,
    read: ActionJobRecord<Kind, Order, Result> | null,
    fingerprint: string,
    id = read?.id ?? '',
  ): Promise<ActionJobRecord<Kind, Order, Result>> {
    const local = this.inflight.get(id);
    await local?.catch(() => undefined);
    const job = read && !local ? read : ((await this.jobs.get(id)) as ActionJobRecord<Kind, Order, Result> | null);
    if (!job) throw new Error(`${action.noun} ${id} was claimed but is not in the store`);
    if (job.input.fingerprint !== fingerprint) {
      throw new BadUserInputError(
        'input.idempotencyKey',
        `this idempotency key was used for another ${action.noun}; use a new key for a new ${action.noun}`,
      );
    }
    // A pending action no send of this process answers for (another replica's, or a claim whose reply
    // was lost) is followed here too: following only reads, and the engine follows a job once.
    if (job.status === 'PENDING' && !local) this.jobs.track(id);
    return job;
  }

  private async send<Kind extends string, Order, Result>(
    action: DeskAction<Kind, Order, Result>,
    upstream: Pick<UpstreamAccess, 'send'>,
    claimed: ActionJobRecord<Kind, Order, Result>,
  ): Promise<ActionJobRecord<Kind, Order, Result>> {
    // Right before the action's request is handed over for sending, the job records it, only if nobody
    // settled it meanwhile: a job claimed and never so marked is known never to have been sent, also
    // after this process died (the engine settles it as abandoned). Unmarked here, it never left.
    let job = claimed;
    let dispatched = false;
    const markDispatched = async (): Promise<void> => {
      if (dispatched) return;
      const marked = await this.jobs.amend(job, { ...job.input, dispatchedAt: this.clock.now() });
      if (!marked) throw new Error(`${action.noun} ${job.id} was settled before it was sent`);
      job = marked as ActionJobRecord<Kind, Order, Result>;
      dispatched = true;
    };
    const watched: Pick<UpstreamAccess, 'send'> = {
      send: (operationId, options) =>
        upstream.send(operationId, options.trackId === job.ref ? { ...options, beforeSend: markDispatched } : options),
    };
    try {
      const result = await action.send(watched, job.input.order, job.ref);
      const outcome = action.sent?.(result) ?? { status: 'SUCCESS', result };
      if (outcome.status === 'PENDING') await this.follow(job, outcome.progress);
      else await this.settle(action, job, outcome);
    } catch (error) {
      if (isDuplicateTrackId(error)) {
        this.logger.warn(
          { jobId: job.id, trackId: job.ref },
          `${action.noun} was sent before under this key and the store lost its record; recovering its outcome by its trackId`,
        );
        await this.jobs.check(job);
      } else {
        let refusal = action.refusalOf(error);
        // Before its request was handed over, only a consent refusal says more than "never sent".
        if (!dispatched && refusal?.code !== 'CONSENT_REQUIRED') refusal = notSent(action.noun);
        const earlier = dispatched && refusal ? await this.earlierCall(upstream, job.ref) : null;
        if (earlier === 'DONE') {
          this.logger.warn(
            { jobId: job.id, trackId: job.ref },
            `${action.noun} refused, but its trackId was applied before (the store lost its record); recovering its outcome by its trackId`,
          );
          await this.jobs.check(job);
        } else if (earlier === 'PENDING') this.jobs.track(job.id);
        else if (refusal) await this.settle(action, job, { status: 'FAILED', failure: refusal });
        else {
          this.logger.warn(
            { jobId: job.id, trackId: job.ref },
            `${action.noun} outcome unknown; following it by its trackId`,
          );
          this.jobs.track(job.id);
        }
      }
    }
    return this.afterSend(job);
  }

  /**
   * What the call log says of an earlier call with the trackId of an action the upstream just refused.
   * The refusal of a resend (the store lost the action's record) need not say "duplicate trackId" in
   * those words, nor be about the trackId at all (a token refused first): the log then shows the first
   * call applied (`DONE`) or still running (`PENDING`), where this refused call alone would show `FAILED`
   * or nothing. Null when the log says neither, or cannot be read (the refusal then stands).
   */
  private async earlierCall(
    upstream: Pick<UpstreamAccess, 'send'>,
    trackId: string,
  ): Promise<'DONE' | 'PENDING' | null> {
    try {
      const status = await callStatusOf(upstream, trackId);
      return status === 'DONE' || status === 'PENDING' ? status : null;
    } catch (error) {
      this.logger.warn(
        { trackId, err: error instanceof Error ? error.message : String(error) },
        'the call log could not be read after a refusal; the refusal stands',
      );
      return null;
    }
  }

  /**
   * The action as stored once sent. When the store does not answer now, the action is answered as
   * pending rather than as an error (it was sent): the engine follows it to its stored outcome.
   */
  private async afterSend<Kind extends string, Order, Result>(
    job: ActionJobRecord<Kind, Order, Result>,
  ): Promise<ActionJobRecord<Kind, Order, Result>> {
    try {
      return ((await this.jobs.get(job.id)) as ActionJobRecord<Kind, Order, Result> | null) ?? job;
    } catch (error) {
      this.logger.error(
        { jobId: job.id, err: error instanceof Error ? error.message : String(error) },
        'sent action could not be read back from the store',
      );
      this.jobs.track(job.id);
      return job;
    }
  }

  /** Stores the result so far of an action followed after it was sent, and follows it. */
  private async follow(job: JobRecord, progress: unknown): Promise<void> {
    try {
      if (progress !== undefined) await this.jobs.progress(job, progress);
    } catch (error) {
      this.logger.error(
        { jobId: job.id, err: error instanceof Error ? error.message : String(error) },
        'sent action could not store its result so far',
      );
    }
    this.jobs.track(job.id);
  }

  /**
   * Stores a known outcome. When the store fails, the engine stores it later (some outcomes, "never
   * sent" among them, could not be found again by the trackId); when the job changed meanwhile, the
   * engine follows it.
   */
  private async settle<Kind extends string, Order, Result>(
    action: DeskAction<Kind, Order, Result>,
    job: ActionJobRecord<Kind, Order, Result>,
    outcome: Parameters<JobEngine['finish']>[1],
  ): Promise<void> {
    try {
      if (await this.jobs.finish(job, outcome)) return;
    } catch (error) {
      this.logger.error(
        { jobId: job.id, err: error instanceof Error ? error.message : String(error) },
        `${action.noun} outcome could not be stored; storing it later`,
      );
      this.jobs.finishLater(job, outcome);
      return;
    }
    this.jobs.track(job.id);
  }
}
