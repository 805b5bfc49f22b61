/**
 * A job whose result fills in while it runs (an SMS's delivery report): each pending poll's progress is
 * stored and announced when it changed, the poll is given the result so far, an expired job keeps it,
 * and an action the desk sends may stay pending with its result so far.
 */
import { describe, expect, it } from 'vitest';
import type { DeskAction } from '../../src/datasources/flows/port.js';
import { ActionDesk } from '../../src/jobs/actionDesk.js';
import { actionTrackIds } from '../../src/jobs/actionTrackIds.js';
import type { JobKind, PollOutcome } from '../../src/jobs/types.js';
import { eventually } from '../helpers/eventually.js';
import { newEngine, silentLogger, type FakeInput, type FakeResult } from './support.js';

const progress = (amount: string): PollOutcome<FakeResult> => ({ status: 'PENDING', progress: { amount } });
const success = (amount: string): PollOutcome<FakeResult> => ({ status: 'SUCCESS', result: { amount } });

/** A kind answering from a script (the last step repeats), recording the result so far each poll was given. */
function scripted(steps: readonly PollOutcome<FakeResult>[], maxAgeMs?: number) {
  const given: Array<FakeResult | null | undefined> = [];
  const kind: JobKind<FakeInput, FakeResult> = {
    name: 'fake',
    ...(maxAgeMs !== undefined && { maxAgeMs }),
    submit: async () => 'ref',
    poll: async (_upstream, _ref, _input, current) => {
      given.push(current);
      const step = steps[Math.min(given.length - 1, steps.length - 1)];
      if (!step) throw new Error('empty script');
      return step;
    },
  };
  return { kind, given };
}

describe('progress of a pending job', () => {
  it('is stored and announced when it changes, and given to the next poll', async () => {
    const { kind, given } = scripted([progress('1'), progress('1'), progress('2'), success('3')]);
    const { engine, store, events } = newEngine([kind]);
    const job = await engine.start(kind, { bill: 'a' });
    await eventually(async () => (await store.get(job.id))?.status === 'SUCCESS');
    expect(events.published.map((published) => [published.status, published.result, published.version])).toEqual([
      ['PENDING', { amount: '1' }, 2],
      ['PENDING', { amount: '2' }, 3],
      ['SUCCESS', { amount: '3' }, 4],
    ]);
    expect(store.replaces).toBe(3);
    expect(given).toEqual([null, { amount: '1' }, { amount: '1' }, { amount: '2' }]);
    await engine.stop();
  });

  it('is kept by a job that expires before its final answer', async () => {
    let clock = 1_000_000;
    const { kind } = scripted([progress('7')], 1_000);
    const { engine, store } = newEngine([kind], { now: () => clock });
    const job = await engine.start(kind, { bill: 'b' });
    await eventually(async () => (await store.get(job.id))?.result !== null);
    clock += 10_000;
    const expired = await eventually(async () => {
      const stored = await store.get(job.id);
      return stored?.status === 'FAILED' ? stored : undefined;
    });
    expect(expired.failure?.code).toBe('JOB_EXPIRED');
    expect(expired.result).toEqual({ amount: '7' });
    await engine.stop();
  });

  it('is where a desk action that is followed after it is sent stands once sent', async () => {
    const { kind, given } = scripted([progress('2'), success('3')]);
    const { engine, store } = newEngine([kind]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, actionTrackIds(Buffer.alloc(32, 7), 'client'));
    const action: DeskAction<'fake', { readonly what: string }, FakeResult> = {
      kind: 'fake',
      noun: 'fake action',
      send: async () => ({ amount: '1' }),
      refusalOf: () => null,
      sent: (result) => ({ status: 'PENDING', progress: result }),
    };
    const job = await desk.execute(action, {
      upstream: { send: () => Promise.reject(new Error('not called')) },
      actor: 'client',
      idempotencyKey: 'k',
      asked: { what: 'k' },
      prepare: () => ({ what: 'k' }),
    });
    expect(job).toMatchObject({ status: 'PENDING', result: { amount: '1' }, version: 2 });
    await eventually(async () => (await store.get(job.id))?.status === 'SUCCESS');
    expect((await store.get(job.id))?.result).toEqual({ amount: '3' });
    expect(given[0]).toEqual({ amount: '1' });
    await engine.stop();
  });
});

describe('a final answer for a job that changed since it was read', () => {
  it('is stored over the latest version by a check, instead of being dropped', async () => {
    const { kind } = scripted([success('9')]);
    const { engine, store } = newEngine([kind], { config: { pollInitialMs: 60_000, pollMaxMs: 60_000 } });
    const job = await engine.start(kind, { bill: 'c' });
    // Another writer stores the result so far: the check below holds the older version.
    const moved = { ...job, result: { amount: '1' }, version: job.version + 1 };
    expect(await store.replace(moved, job.version)).toBe(true);
    await engine.check(job);
    expect(await store.get(job.id)).toMatchObject({ status: 'SUCCESS', result: { amount: '9' } });
    await engine.stop();
  });
});
