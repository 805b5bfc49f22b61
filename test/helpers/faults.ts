import type { FaultRule } from '../fixtures/sandbox.js';

/**
 * Faults that leave an action's outcome unclear to its sender: timeouts, HTTP 408 and 5xx, cut
 * connections, each before or after the upstream applied it, and a request landing only after the
 * client gave up on it (the upstream timeout of the property tests is 300 ms).
 */
export const UNCLEAR_ANSWERS: readonly FaultRule[] = [
  { status: 408 },
  { status: 408, afterEffect: true },
  { status: 503, afterEffect: true },
  { status: 500 },
  { reset: true },
  { reset: true, afterEffect: true },
  { delayMs: 450, afterEffect: true },
  { delayMs: 450 },
];

/** Faults of the lookups that follow an unclear action (an inquiry, the call log). */
export const LOOKUP_FAULTS: readonly FaultRule[] = [{ status: 503 }, { reset: true }, { status: 500, times: 3 }];
