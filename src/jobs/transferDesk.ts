/**
 * Where transfers are sent, so that none is sent twice and none is lost.
 *
 * A transfer is named by its payer and the client's idempotency key. Before anything is sent, its job
 * is claimed in the job store under that name with a trackId chosen here; a store refuses a second
 * claim, so of all the requests carrying one key (retries, concurrent duplicates, other replicas)
 * exactly one sends, and only once. The others answer from the stored job. An answer that settles
 * nothing (timeout, HTTP 408, 5xx, a cut connection) is never resent: the job engine follows the
 * transfer through the transfer inquiry by its trackId until the upstream says what happened, also
 * after a restart.
 */
import { createHash, randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { transfers } from '../datasources/transfers.js';
import type { UpstreamAccess } from '../datasources/requestUpstream.js';
import type { TransferOrderRecord } from '../datasources/types/transfers.js';
import { BadUserInputError, ErrorCode, UpstreamError } from '../errors.js';
import { canonicalJson } from '../datasources/requestUpstream.js';
import type { Logger } from '../logger.js';
import type { JobEngine } from './engine.js';
import { TRANSFER, type TransferJobRecord } from './kinds/transfer.js';
import type { JobFailure } from './types.js';

/** Why the bank refused a transfer, by the upstream's documented messages (wire facts §3.2, §4.9). */
const REFUSALS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/same/i, 'SAME_ACCOUNT', 'The source and destination are the same account.'],
  [/invalid destination deposit/i, 'INVALID_DESTINATION', 'The destination is not an account that can receive this transfer.'],
  [/invalid deposit/i, 'INVALID_SOURCE', 'The source account is not one the consent covers.'],
  [/minimum amount/i, 'AMOUNT_BELOW_MINIMUM', 'The amount is below the minimum of the rail (10,000 rials).'],
  [/max amount/i, 'AMOUNT_ABOVE_LIMIT', 'The amount is above the limit of the rail or of the consent.'],
  [/account conditions/i, 'ACCOUNT_CONDITIONS_NOT_MET', 'The source account cannot pay this: not enough balance, or withdrawals are blocked.'],
  [/destination(first|last)name/i, 'INVALID_DESTINATION_NAME', "The destination holder's first and last names are needed for another bank."],
];

/** The failure of a transfer known not to have moved money; null when the error settles nothing. */
export function refusalOf(error: unknown): JobFailure | null {
  if (error instanceof UpstreamError) {
    const status = error.details.httpStatus;
    if (status === 400) {
      const text = error.details.upstreamMessage ?? '';
      const known = REFUSALS.find(([pattern]) => pattern.test(text));
      return known
        ? { code: known[1], message: known[2] }
        : { code: 'REJECTED_BY_BANK', message: `The bank refused the transfer (${error.details.upstreamCode ?? 'HTTP 400'}).` };
    }
    // The upstream refused the token itself (after one renewal): it did not act on the transfer.
    if (status === 401 || status === 403) return { code: 'CONSENT_REFUSED', message: 'The upstream refused the consent for this transfer.' };
    return null;
  }
  // Consent errors are thrown before anything is sent.
  const code = error instanceof GraphQLError ? error.extensions['code'] : undefined;
  if (code === ErrorCode.ConsentRequired || code === ErrorCode.Forbidden || code === ErrorCode.Unauthenticated) {
    return { code: 'CONSENT_REQUIRED', message: 'The consent no longer covers this transfer; nothing was sent.' };
  }
  return null;
}

/** The job id of a payer's transfer under an idempotency key. */
export function transferJobId(nationalId: string, idempotencyKey: string): string {
  return `transfer-${createHash('sha256').update(`${nationalId}\n${idempotencyKey}`).digest('hex').slice(0, 40)}`;
}

const fingerprintOf = (order: TransferOrderRecord): string => createHash('sha256').update(canonicalJson(order)).digest('hex');

export class TransferDesk {
  /** Sends in flight in this process, so a concurrent duplicate here waits for the answer. */
  private readonly inflight = new Map<string, Promise<TransferJobRecord>>();

  constructor(
    private readonly jobs: JobEngine,
    private readonly logger: Logger,
    private readonly keyRetentionMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The outcome of the payer's transfer under `idempotencyKey`: sent now if the key is new, else the
   * stored one. `upstream` carries the payer's consent, checked by the caller before this.
   */
  async execute(upstream: Pick<UpstreamAccess, 'send'>, idempotencyKey: string, order: TransferOrderRecord): Promise<TransferJobRecord> {
    const id = transferJobId(order.nationalId, idempotencyKey);
    const fingerprint = fingerprintOf(order);
    const at = this.now();
    const job: TransferJobRecord = {
      id, kind: TRANSFER, status: 'PENDING', input: { idempotencyKey, fingerprint, order, claimedAt: at },
      ref: randomUUID(), result: null, failure: null, createdAt: at, updatedAt: at, version: 1, retainUntil: at + this.keyRetentionMs,
    };
    if (!(await this.jobs.claim(job))) return this.existing(id, fingerprint);
    const sending = this.send(upstream, job);
    this.inflight.set(id, sending);
    try {
      return await sending;
    } finally {
      this.inflight.delete(id);
    }
  }

  /** The payer's transfer under `idempotencyKey`, as it stands; null when there is none. */
  async find(nationalId: string, idempotencyKey: string): Promise<TransferJobRecord | null> {
    return (await this.jobs.get(transferJobId(nationalId, idempotencyKey))) as TransferJobRecord | null;
  }

  private async existing(id: string, fingerprint: string): Promise<TransferJobRecord> {
    await this.inflight.get(id)?.catch(() => undefined);
    const job = (await this.jobs.get(id)) as TransferJobRecord | null;
    if (!job) throw new Error(`transfer ${id} was claimed but is not in the store`);
    if (job.input.fingerprint !== fingerprint) {
      throw new BadUserInputError('input.idempotencyKey', 'this idempotency key was used for another transfer; use a new key for a new transfer');
    }
    return job;
  }

  private async send(upstream: Pick<UpstreamAccess, 'send'>, job: TransferJobRecord): Promise<TransferJobRecord> {
    try {
      const receipt = await transfers.send(upstream, job.input.order, job.ref);
      await this.settle(job, { status: 'SUCCESS', result: receipt });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) await this.settle(job, { status: 'FAILED', failure: refusal });
      else {
        this.logger.warn({ jobId: job.id, trackId: job.ref }, 'transfer outcome unknown; following it through the transfer inquiry');
        this.jobs.track(job.id);
      }
    }
    return ((await this.jobs.get(job.id)) as TransferJobRecord | null) ?? job;
  }

  /** Stores a known outcome; if the store fails, the engine finds the outcome again through the inquiry. */
  private async settle(job: TransferJobRecord, outcome: Parameters<JobEngine['finish']>[1]): Promise<void> {
    try {
      if (await this.jobs.finish(job, outcome)) return;
    } catch (error) {
      this.logger.error({ jobId: job.id, err: error instanceof Error ? error.message : String(error) }, 'transfer outcome could not be stored');
    }
    this.jobs.track(job.id);
  }
}
