import { describe, expect, it } from 'vitest';
import { FairScheduler, type Lane } from '../../src/datasources/upstream/fairScheduler.js';
import { TransportError } from '../../src/datasources/upstream/http.js';
import { at, present } from '../helpers/responses.js';

/** A task that runs until released by hand, recording when it started. */
function gate(started: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { task: () => (started.push(name), done), open: () => open() };
}

const lane = (caller: string, request = 'r1'): Lane => ({ caller, request });
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Runs `count` one-slot handovers: releases the running task, lets the next one start. */
async function releaseInTurn(gates: Map<string, { open(): void }>, started: string[], count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    present(gates.get(at(started, i)), 'gates.get(…)').open();
    await flush();
  }
}

describe('the fair scheduler', () => {
  it('starts tasks at once while there is room', async () => {
    const scheduler = new FairScheduler(2);
    const started: string[] = [];
    const a = gate(started, 'a');
    const b = gate(started, 'b');
    const runs = [scheduler.run(a.task, lane('x')), scheduler.run(b.task, lane('x'))];
    await flush();
    expect(started).toEqual(['a', 'b']);
    expect(scheduler.waiting).toBe(0);
    a.open();
    b.open();
    await Promise.all(runs);
    expect(scheduler.inUse).toBe(0);
  });

  it('gives freed slots to callers in turn, so a light caller is not stuck behind a heavy one', async () => {
    const scheduler = new FairScheduler(1);
    const started: string[] = [];
    const gates = new Map<string, { open(): void }>();
    const runs: Promise<unknown>[] = [];
    const submit = (name: string, which: Lane) => {
      const g = gate(started, name);
      gates.set(name, g);
      runs.push(scheduler.run(g.task, which));
    };
    submit('heavy-0', lane('heavy'));
    for (let i = 1; i <= 50; i += 1) submit(`heavy-${i}`, lane('heavy', `r${i % 5}`));
    submit('light', lane('light'));
    await flush();
    expect(scheduler.waiting).toBe(51);
    expect(scheduler.waitingCallers).toBe(2);
    await releaseInTurn(gates, started, 3);
    // FIFO would start the light caller's task after all 50 heavy ones: fair, it is the second started after arriving.
    expect(started.slice(0, 3)).toEqual(['heavy-0', 'heavy-1', 'light']);
    for (const g of gates.values()) g.open();
    await Promise.all(runs);
  });

  it('alternates between callers, and between the requests of one caller', async () => {
    const scheduler = new FairScheduler(1);
    const started: string[] = [];
    const gates = new Map<string, { open(): void }>();
    const runs: Promise<unknown>[] = [];
    const submit = (name: string, which: Lane) => {
      const g = gate(started, name);
      gates.set(name, g);
      runs.push(scheduler.run(g.task, which));
    };
    submit('first', lane('z'));
    // Caller a: request 1 has three tasks, request 2 one; caller b has two tasks in one request.
    submit('a1-1', lane('a', '1'));
    submit('a1-2', lane('a', '1'));
    submit('a1-3', lane('a', '1'));
    submit('a2-1', lane('a', '2'));
    submit('b1-1', lane('b', '1'));
    submit('b1-2', lane('b', '1'));
    await flush();
    for (let i = 0; i < 7; i += 1) {
      present(gates.get(at(started, i)), 'gates.get(…)').open();
      await flush();
    }
    await Promise.all(runs);
    expect(started).toEqual(['first', 'a1-1', 'b1-1', 'a2-1', 'b1-2', 'a1-2', 'a1-3']);
    expect(scheduler.inUse).toBe(0);
  });

  it('removes a waiter whose signal aborts, and the task never runs', async () => {
    const scheduler = new FairScheduler(1);
    const started: string[] = [];
    const holder = gate(started, 'holder');
    const held = scheduler.run(holder.task, lane('a'));
    const abort = new AbortController();
    const aborted = scheduler.run(gate(started, 'aborted').task, lane('b'), abort.signal);
    const next = gate(started, 'next');
    const after = scheduler.run(next.task, lane('c'));
    await flush();
    expect(scheduler.waiting).toBe(2);
    abort.abort();
    await expect(aborted).rejects.toBeInstanceOf(TransportError);
    // Nothing was sent: the call is known not to have reached the upstream.
    await expect(aborted).rejects.toMatchObject({ kind: 'aborted', maybeDelivered: false });
    expect(scheduler.waiting).toBe(1);
    holder.open();
    await flush();
    next.open();
    await Promise.all([held, after]);
    expect(started).toEqual(['holder', 'next']);
  });

  it('refuses at once a task whose signal is already aborted', async () => {
    const scheduler = new FairScheduler(1);
    const started: string[] = [];
    const holder = gate(started, 'holder');
    const held = scheduler.run(holder.task, lane('a'));
    await expect(scheduler.run(gate(started, 'late').task, lane('b'), AbortSignal.abort())).rejects.toMatchObject({
      kind: 'aborted',
      maybeDelivered: false,
    });
    expect(scheduler.waiting).toBe(0);
    holder.open();
    await held;
  });

  it('keeps nothing once the queues empty, including after aborts and failed tasks', async () => {
    const scheduler = new FairScheduler(2);
    const runs: Promise<unknown>[] = [];
    const aborts: AbortController[] = [];
    for (let i = 0; i < 200; i += 1) {
      const abort = new AbortController();
      aborts.push(abort);
      const task =
        i % 3 === 0 ? () => Promise.reject(new Error('boom')) : () => new Promise((resolve) => setTimeout(resolve, 1));
      runs.push(scheduler.run(task, lane(`caller-${i % 7}`, `req-${i % 11}`), abort.signal).catch(() => undefined));
    }
    for (const abort of aborts.filter((_, i) => i % 4 === 0)) abort.abort();
    await Promise.all(runs);
    expect(scheduler.inUse).toBe(0);
    expect(scheduler.waiting).toBe(0);
    expect(scheduler.waitingCallers).toBe(0);
    // The scheduler still works afterwards.
    await expect(scheduler.run(() => Promise.resolve('ok'), lane('x'))).resolves.toBe('ok');
  });

  it('puts calls without a lane in the background lane, taking turns with callers', async () => {
    const scheduler = new FairScheduler(1);
    const started: string[] = [];
    const gates = new Map<string, { open(): void }>();
    const runs: Promise<unknown>[] = [];
    const submit = (name: string, which?: Lane) => {
      const g = gate(started, name);
      gates.set(name, g);
      runs.push(scheduler.run(g.task, which));
    };
    submit('first', lane('a'));
    submit('a-2', lane('a'));
    submit('a-3', lane('a'));
    submit('poll');
    await flush();
    for (let i = 0; i < 4; i += 1) {
      present(gates.get(at(started, i)), 'gates.get(…)').open();
      await flush();
    }
    await Promise.all(runs);
    expect(started).toEqual(['first', 'a-2', 'poll', 'a-3']);
  });

  it('refuses a capacity that is not a positive integer', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN])
      expect(() => new FairScheduler(capacity), String(capacity)).toThrow(
        new RangeError('capacity must be a positive integer'),
      );
    expect(new FairScheduler(1).capacity).toBe(1);
  });
});
