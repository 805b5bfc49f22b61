import { describe, expect, it } from 'vitest';
import { onAbort } from '../../src/datasources/upstream/abortListeners.js';

describe('onAbort', () => {
  it('calls each callback once, in the order registered, when the signal aborts', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    onAbort(controller.signal, () => calls.push('a'));
    onAbort(controller.signal, () => calls.push('b'));
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['a', 'b']);
  });

  it('does not call a removed callback, even one removed while the abort is dispatched', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const removeA = onAbort(controller.signal, () => calls.push('a'));
    let removeC = () => {};
    onAbort(controller.signal, () => {
      calls.push('b');
      removeC();
    });
    removeC = onAbort(controller.signal, () => calls.push('c'));
    removeA();
    controller.abort();
    expect(calls).toEqual(['b']);
  });

  it('never calls a callback registered after the abort', () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    onAbort(controller.signal, () => (called = true));
    expect(called).toBe(false);
  });

  it('adds one listener to the signal however many callbacks wait on it', () => {
    const controller = new AbortController();
    let added = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    controller.signal.addEventListener = (...args: Parameters<typeof add>) => {
      added += 1;
      add(...args);
    };
    const removals = Array.from({ length: 100 }, () => onAbort(controller.signal, () => {}));
    for (const remove of removals.slice(0, 50)) remove();
    let called = 0;
    onAbort(controller.signal, () => (called += 1));
    controller.abort();
    expect(added).toBe(1);
    expect(called).toBe(1);
  });

  it('runs the other callbacks when one throws', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const uncaught = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    onAbort(controller.signal, () => {
      throw new Error('listener failed');
    });
    onAbort(controller.signal, () => calls.push('after'));
    controller.abort();
    expect(calls).toEqual(['after']);
    expect(await uncaught).toMatchObject({ message: 'listener failed' });
  });
});
