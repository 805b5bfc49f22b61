/**
 * A job kind whose maximum age is unlimited (transfers, cheque actions) is polled past the engine's
 * JOB_MAX_AGE_MS; a kind without its own maximum expires then. Job metrics follow the jobs.
 */
import { describe, expect, it } from 'vitest';
import { chequeActionJob } from '../../src/datasources/flows/chequeAction.js';
import { transferJob } from '../../src/datasources/flows/transfer.js';
import { jobsFollowed, jobTransitions } from '../../src/observability/metrics.js';
import { PENDING, ScriptedKind, newEngine } from './support.js';
import { eventually } from '../helpers/eventually.js';

class UnlimitedKind extends ScriptedKind {
  readonly maxAgeMs = Number.POSITIVE_INFINITY;
}

const MAX_AGE_MS = 1_000;

async function counted(
  metric: typeof jobTransitions | typeof jobsFollowed,
  labels: Record<string, string>,
): Promise<number> {
  const found = (await metric.get()).values.find((value) => {
    const seen: Record<string, string | number | undefined> = value.labels;
    return Object.entries(labels).every(([name, label]) => seen[name] === label);
  });
  return found?.value ?? 0;
}

describe('the maximum age of a job', () => {
  it('is the engine’s for a kind without its own, and never reached by a kind whose maximum is unlimited', async () => {
    let clock = 1_000_000;
    const limited = new ScriptedKind([PENDING], 'limited');
    const unlimited = new UnlimitedKind([PENDING], 'unlimited');
    const { engine, store } = newEngine([limited, unlimited], { config: { maxAgeMs: MAX_AGE_MS }, now: () => clock });
    const expiredBefore = await counted(jobTransitions, { kind: 'limited', status: 'FAILED' });
    try {
      const a = await engine.start(limited, { bill: 'a' });
      const b = await engine.start(unlimited, { bill: 'b' });
      await eventually(() => limited.polls.length > 0 && unlimited.polls.length > 0);
      expect(await counted(jobsFollowed, { kind: 'unlimited' })).toBe(1);

      clock += 100 * MAX_AGE_MS;
      await eventually(async () => (await store.get(a.id))?.status === 'FAILED');
      expect((await store.get(a.id))?.failure?.code).toBe('JOB_EXPIRED');
      expect(await counted(jobTransitions, { kind: 'limited', status: 'FAILED' })).toBe(expiredBefore + 1);
      expect(await counted(jobsFollowed, { kind: 'limited' })).toBe(0);

      const pollsThen = unlimited.pollsOf(b.ref);
      await eventually(() => unlimited.pollsOf(b.ref) >= pollsThen + 3);
      expect((await store.get(b.id))?.status).toBe('PENDING');
      expect(await counted(jobsFollowed, { kind: 'unlimited' })).toBe(1);
    } finally {
      await engine.stop();
    }
    expect(await counted(jobsFollowed, { kind: 'unlimited' })).toBe(0);
  });

  it('is unlimited for transfers and cheque actions', () => {
    expect(transferJob.maxAgeMs).toBe(Number.POSITIVE_INFINITY);
    expect(chequeActionJob.maxAgeMs).toBe(Number.POSITIVE_INFINITY);
  });
});
