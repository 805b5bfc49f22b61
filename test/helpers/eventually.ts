/** The one way tests wait for something that happens later. */

export interface EventuallyOptions {
  /** What is awaited, for the failure's message. */
  readonly what?: string;
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/**
 * Calls `check` every `intervalMs` until it returns something other than undefined or false, and
 * resolves with it. A check that throws is tried again; after `timeoutMs` the wait fails, naming what
 * it waited for and the last error.
 */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { what = 'a condition', timeoutMs = 5_000, intervalMs = 10 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error: unknown) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
