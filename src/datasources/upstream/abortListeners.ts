/**
 * One `abort` listener per signal, fanning out to the callbacks registered here. Every upstream call
 * of an operation listens to the operation's signal (waiting for a slot, its budget, its send), often
 * a hundred at once; an EventTarget looks through all of a signal's listeners on every add and remove,
 * which made those calls' bookkeeping grow with the square of their number.
 */
const callbacks = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` once when `signal` aborts, like `addEventListener('abort', callback, { once: true })`:
 * never for a signal that has already aborted, in the order registered, not once removed (even while
 * the abort is being dispatched). Returns the removal.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  // A callback registered after the abort is never called, as with addEventListener.
  if (signal.aborted) return () => {};
  let registered = callbacks.get(signal);
  if (!registered) {
    const set = new Set<() => void>();
    registered = set;
    callbacks.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        callbacks.delete(signal);
        for (const next of [...set]) {
          if (!set.delete(next)) continue;
          try {
            next();
          } catch (error) {
            // As an EventTarget does: the other callbacks still run, the error is reported as uncaught.
            process.nextTick(() => {
              throw error;
            });
          }
        }
      },
      { once: true },
    );
  }
  const set = registered;
  set.add(callback);
  return () => {
    set.delete(callback);
  };
}
