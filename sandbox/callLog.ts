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

  /** How many calls each operation received (token requests under 'token'). */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const call of this.entries) counts[call.operationId] = (counts[call.operationId] ?? 0) + 1;
    return counts;
  }

  clear(): void {
    this.entries = [];
  }
}
