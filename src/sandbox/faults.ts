import type { FaultRule } from './types.js';

interface ArmedRule {
  readonly rule: Readonly<FaultRule>;
  remaining: number;
}

/** Injected faults, applied in the order they were added. */
export class FaultBook {
  private rules: ArmedRule[] = [];

  add(rule: FaultRule): void {
    const times = rule.times ?? 1;
    if (!(times >= 0)) throw new RangeError(`fault times must be a non-negative number, got ${String(rule.times)}`);
    if (rule.delayMs !== undefined && !(rule.delayMs >= 0)) throw new RangeError('fault delayMs must be non-negative');
    if (rule.status !== undefined && !(Number.isInteger(rule.status) && rule.status >= 100 && rule.status <= 599)) {
      throw new RangeError(`fault status must be an HTTP status, got ${rule.status}`);
    }
    this.rules.push({ rule: { ...rule }, remaining: times });
  }

  clear(): void {
    this.rules = [];
  }

  /** The first rule for this operation with uses left, spending one use of it. */
  take(operationId: string): Readonly<FaultRule> | undefined {
    const armed = this.rules.find(
      (entry) => entry.remaining > 0 && (entry.rule.operationId === undefined || entry.rule.operationId === operationId),
    );
    if (!armed) return undefined;
    armed.remaining -= 1;
    return armed.rule;
  }
}
