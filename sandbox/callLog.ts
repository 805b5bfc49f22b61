import type { RecordedCall } from './types.js';

/** Every request the sandbox received, in arrival order. */
export class CallLog {
  private entries: RecordedCall[] = [];

  /** Adds a call; the returned entry is updated in place as the call is answered. */
  add(call: RecordedCall): RecordedCall {
    this.entries.push(call);
    return call;
  }

  list(operationId?: string): RecordedCall[] {
    return this.entries
      .filter((call) => operationId === undefined || call.operationId === operationId)
      .map((call) => ({ ...call, query: { ...call.query }, ...(call.scopes ? { scopes: [...call.scopes] } : {}) }));
  }

  clear(): void {
    this.entries = [];
  }
}
