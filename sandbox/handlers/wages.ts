/**
 * The client's call log (wire facts §2.7, wages): the last status of each call by its trackId, from the
 * records the trackId registry keeps (not the test call log, which tests may clear). Designed: a fixed
 * fee per operation group, charged for DONE calls only.
 */
import { operation, type UpstreamGroup } from '../../src/datasources/upstream/operations.js';
import { addMonths, compactDayOf, tehranTimestamp } from '../calendar.js';
import type { CallRecord, TrackIdRegistry } from '../trackIds.js';
import { isWellFormedTrackId } from '../trackIds.js';
import { compactDate } from '../world/creditCommon.js';
import { guarded, reject } from './inputs.js';
import { done, type OperationHandler } from './types.js';

/** Fees in rials per group (designed). */
const TARIFFS: Readonly<Record<UpstreamGroup, number>> = {
  billing: 1_000,
  kyc: 3_000,
  kyb: 5_000,
  credit: 10_000,
  facility: 2_000,
  vehicle: 5_000,
  oak: 2_500,
  mpg: 1_000,
  ecity: 1_000,
  dev: 0,
};
const STATUSES = new Set(['PENDING', 'FAILED', 'DONE', 'UNKNOWN']);
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** A bound of the date filter as Jalali `YYYYMMDDhhmmss`; a bare day starts, or ends, at that day's edge. */
function boundOf(value: string | undefined, name: string, edge: '000000' | '235959'): string | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^(\d{8})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(value);
  const timeValid =
    match?.[2] === undefined || (Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60);
  if (!match || !compactDayOf(match[1]!) || !timeValid) reject(`invalid ${name}`);
  return match[2] === undefined ? value + edge : value;
}

function countOf(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const count = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!(count >= min && count <= max)) reject(`invalid ${name}`);
  return count;
}

/** The upstream's default window: the month up to now. */
function monthAgo(now: number): string {
  const stamp = tehranTimestamp(now);
  return compactDate(addMonths(compactDayOf(stamp.slice(0, 8))!, -1)) + stamp.slice(8);
}

export class Wages {
  constructor(
    private readonly trackIds: TrackIdRegistry,
    private readonly clientNid: () => string,
  ) {}

  private wageOf(record: CallRecord) {
    const spec = operation(record.operationId);
    return {
      trackId: record.trackId,
      status: record.status,
      amount: record.status === 'DONE' ? TARIFFS[spec.group] : 0,
      transactionAmount: record.transactionAmount,
      tariffName: `${spec.group}-standard`,
      scopeName: record.scope,
      serviceName: spec.path.replace(/^.*\/\{clientId\}\//, ''),
      uid: record.user ?? this.clientNid(),
      date: tehranTimestamp(record.at),
      deposit: record.deposit,
    };
  }

  readonly list: OperationHandler = guarded(({ query, now }) => {
    const trackId = query['trackId'];
    if (trackId !== undefined && trackId !== '') {
      if (!isWellFormedTrackId(trackId)) reject('invalid trackId');
      const record = this.trackIds.record(trackId);
      return done({ wages: record ? [this.wageOf(record)] : [], total: record ? 1 : 0 });
    }
    const status = query['status'];
    if (status !== undefined && status !== '' && !STATUSES.has(status)) reject('invalid status');
    const from = boundOf(query['fromDate'], 'fromDate', '000000') ?? monthAgo(now);
    const to = boundOf(query['toDate'], 'toDate', '235959');
    const limit = countOf(query['limit'], 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
    const offset = countOf(query['offset'], 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const wages = this.trackIds
      .newestFirst()
      .map((record) => this.wageOf(record))
      .filter(
        (wage) => (!status || wage.status === status) && wage.date >= from && (to === undefined || wage.date <= to),
      );
    return done({ wages: wages.slice(offset, offset + limit), total: wages.length });
  });
}
