/**
 * The one place the subgraph and the sandbox read the time of day. Everything that needs "now" (expiries,
 * timestamps, "today" for dates) is given a Clock, as it is given a logger, so a test can fix or move the
 * time of the whole process. Durations measured with `performance.now()` and timers are not the time of
 * day and do not go through it.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => Date.now() };
