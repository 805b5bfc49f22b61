import type { Harness } from './harness.js';

/** Upstream calls the sandbox recorded, per operation id. */
export function callCounts(h: Pick<Harness, 'upstreamCalls'>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of h.upstreamCalls()) counts[call.operationId] = (counts[call.operationId] ?? 0) + 1;
  return counts;
}
