/**
 * How wide one operation goes upstream: a router's `_entities` batch alone on the process goes 32 wide
 * by default (half of the default pool: the other half stays free for other callers even while one
 * operation's calls hang), never wider than the pool, and `UPSTREAM_REQUEST_CONCURRENCY` sets it.
 */
import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from '../helpers/harness.js';
import { eventually } from '../helpers/eventually.js';
import { benchPlateNumbers } from '../../scripts/bench/scenarios.js';

const TOLLS = 'ecityFreewayTollInquiryGet';
const QUERY =
  'query Entities($representations: [_Any!]!) { _entities(representations: $representations) { ... on Vehicle { freewayTolls { totalCount } } } }';
const representations = benchPlateNumbers(100).map((plateNumber) => ({ __typename: 'Vehicle', plateNumber }));
/** No call may time out, however busy the machine: a timeout would be retried and could open the breaker. */
const PATIENT = { UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_OPERATION_BUDGET_MS: '60000' };

/** Calls of the tolls inquiry the sandbox has received and not answered yet. */
const pending = (h: Harness) => h.upstreamCalls(TOLLS).filter((call) => call.status === 0).length;

async function sendBatch(h: Harness): Promise<{ widest: number; errors: unknown }> {
  // Each inquiry waits long enough upstream that the calls let out together are seen together.
  h.sandbox.injectFault({ operationId: TOLLS, delayMs: 400, times: Infinity });
  let widest = 0;
  const watch = setInterval(() => (widest = Math.max(widest, pending(h))), 5);
  try {
    const res = await h.gql(QUERY, { representations });
    return { widest, errors: res.errors };
  } finally {
    clearInterval(watch);
  }
}

describe('an entities batch of 100 alone on the process', () => {
  const h = useHarness({ env: { ...PATIENT, LIMIT_MAX_UPSTREAM_CALLS: '200' } });

  it('goes 32 wide by default, leaving the rest of the pool to other callers', async () => {
    const batch = sendBatch(h);
    await eventually(() => pending(h) >= 32, { what: '32 inquiries in flight at once', timeoutMs: 10_000 });
    const { widest, errors } = await batch;
    expect(errors).toBeUndefined();
    expect(widest).toBe(32);
    expect(h.upstreamCalls(TOLLS)).toHaveLength(100);
  });
});

describe('a small pool', () => {
  const h = useHarness({ env: { ...PATIENT, UPSTREAM_CONNECTIONS: '12', LIMIT_MAX_UPSTREAM_CALLS: '200' } });

  it('bounds one operation too: every connection but the one kept for tokens', async () => {
    const { widest, errors } = await sendBatch(h);
    expect(errors).toBeUndefined();
    expect(widest).toBe(11);
  });
});

describe('with UPSTREAM_REQUEST_CONCURRENCY set', () => {
  const h = useHarness({ env: { ...PATIENT, UPSTREAM_REQUEST_CONCURRENCY: '8', LIMIT_MAX_UPSTREAM_CALLS: '200' } });

  it('keeps one operation to that many calls in flight', async () => {
    const { widest, errors } = await sendBatch(h);
    expect(errors).toBeUndefined();
    expect(widest).toBe(8);
    expect(h.upstreamCalls(TOLLS)).toHaveLength(100);
  });
});
