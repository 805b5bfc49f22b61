import type { FaultRule } from '../fixtures/sandbox.js';

/**
 * The upstream timeout of the property tests: short enough that a late landing is quick, long enough
 * that a busy machine's own slowness (the subgraph, its sandbox and the test share one event loop) does
 * not time every call out.
 */
export const PROPERTY_UPSTREAM_TIMEOUT_MS = 1_000;

/** How long after its arrival a late landing lands: well after the client gave up on it. */
export const LATE_LANDING_MS = 1_500;

/**
 * Faults that leave an action's outcome unclear to its sender: timeouts, HTTP 408 and 5xx, cut
 * connections, each before or after the upstream applied it, and a request landing only after the
 * client gave up on it.
 */
export const UNCLEAR_ANSWERS: readonly FaultRule[] = [
  { status: 408 },
  { status: 408, afterEffect: true },
  { status: 503, afterEffect: true },
  { status: 500 },
  { reset: true },
  { reset: true, afterEffect: true },
  { delayMs: LATE_LANDING_MS, afterEffect: true },
  { delayMs: LATE_LANDING_MS },
];

/** Faults of the lookups that follow an unclear action (an inquiry, the call log). */
export const LOOKUP_FAULTS: readonly FaultRule[] = [{ status: 503 }, { reset: true }, { status: 500, times: 3 }];
