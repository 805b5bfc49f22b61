/**
 * The upstream's record of the client's calls (wire facts §2.7, `wages`): the last status of a call by
 * its trackId. It tells whether an action with no inquiry of its own (a Sayad cheque action) was
 * applied after its answer was lost.
 */
import { CallRecordsAnswer, type CallStatus } from '../records/chequeActions.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import { decode } from '../shared/shapes.js';

/** The last status of the call sent with `trackId`; null when no such call arrived. */
export async function callStatusOf(
  upstream: Pick<UpstreamAccess, 'send'>,
  trackId: string,
): Promise<CallStatus | null> {
  const answer = await upstream.send('devWagesGet', { query: { trackId } });
  const call = decode('devWagesGet', answer, CallRecordsAnswer).wages.find((entry) => entry.trackId === trackId);
  if (!call) return null;
  return call.status ?? 'UNKNOWN';
}
