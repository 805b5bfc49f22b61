/**
 * The upstream's record of the client's calls (wire facts §2.7, `wages`): the last status of a call by
 * its trackId. It tells whether an action with no inquiry of its own (a Sayad cheque action) was
 * applied after its answer was lost.
 */
import { RecordReader } from './read.js';
import type { UpstreamAccess } from './requestUpstream.js';

/** `DONE` applied, `FAILED` refused or never run, `PENDING`/`UNKNOWN` no final word yet; null: no such call arrived. */
export type CallStatus = 'DONE' | 'FAILED' | 'PENDING' | 'UNKNOWN';

const STATUSES: ReadonlySet<string> = new Set<CallStatus>(['DONE', 'FAILED', 'PENDING', 'UNKNOWN']);

export async function callStatusOf(
  upstream: Pick<UpstreamAccess, 'send'>,
  trackId: string,
): Promise<CallStatus | null> {
  const answer = await upstream.send('devWagesGet', { query: { trackId } });
  const read = new RecordReader('devWagesGet', answer);
  const calls = read.list(read.object(answer.result).wages, 'wages').map((item) => read.object(item, 'wage'));
  const call = calls.find((entry) => read.text(entry.trackId) === trackId);
  if (!call) return null;
  const status = read.text(call.status)?.toUpperCase() ?? 'UNKNOWN';
  return STATUSES.has(status) ? (status as CallStatus) : 'UNKNOWN';
}
