/** A body this large is parsed in a turn of the event loop of its own. */
const LARGE_BODY_CHARACTERS = 256 * 1024;

/**
 * The request bodies a process holds: bounded in bytes across all requests (a body is held from its
 * first byte until its answer is sent, its parsed variables with it), and parsed one large body per
 * turn of the event loop, so that what else is waiting (a health probe, other answers) is served between
 * two of them rather than after all.
 */
export class RequestBodies {
  private held = 0;
  private parsing: Promise<unknown> = Promise.resolve();

  constructor(private readonly maxHeldBytes: number | null) {}

  /** Takes `bytes` more for one request; false, taking nothing, when the process holds as much as it may. */
  take(bytes: number): boolean {
    if (this.maxHeldBytes !== null && this.held + bytes > this.maxHeldBytes) return false;
    this.held += bytes;
    return true;
  }

  /** Gives back what a request took. */
  give(bytes: number): void {
    this.held = Math.max(0, this.held - bytes);
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.held;
  }

  /** `JSON.parse(text)`; a large text waits for the large ones before it and a turn of its own. */
  parse(text: string): Promise<unknown> {
    if (text.length < LARGE_BODY_CHARACTERS) return parsedOrRejected(text);
    const parsed = this.parsing.then(
      () =>
        new Promise<unknown>((resolve, reject) =>
          setImmediate(() => {
            parsedOrRejected(text).then(resolve, reject);
          }),
        ),
    );
    this.parsing = parsed.catch(() => undefined);
    return parsed;
  }
}

function parsedOrRejected(text: string): Promise<unknown> {
  try {
    return Promise.resolve(JSON.parse(text) as unknown);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
