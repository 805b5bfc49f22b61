import type { UpstreamError } from '../../errors.js';
import { parseCount, parseRial } from '../../lib/amount.js';
import type { UpstreamResult } from '../upstream/client.js';
import { malformedAnswer } from './shapes.js';

export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * Lenient readers for upstream records: numbers arrive as strings or numbers, empty strings mean
 * "no value". A value that cannot be read at all is a malformed answer, reported with its trackId.
 */
export class RecordReader {
  constructor(
    private readonly operationId: string,
    private readonly answer: Pick<UpstreamResult, 'trackId' | 'responseCode'>,
  ) {}

  object(value: unknown, what = 'result'): JsonObject {
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as JsonObject;
    throw this.malformed(what);
  }

  list(value: unknown, what: string): readonly unknown[] {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    throw this.malformed(what);
  }

  text(value: unknown): string | null {
    if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    return null;
  }

  rial(value: unknown, what: string): string | null {
    try {
      return parseRial(value);
    } catch {
      throw this.malformed(what);
    }
  }

  count(value: unknown, what: string): number | null {
    try {
      return parseCount(value);
    } catch {
      throw this.malformed(what);
    }
  }

  /** Reports a malformed answer. */
  fail(what: string): never {
    throw this.malformed(what);
  }

  private malformed(what: string): UpstreamError {
    return malformedAnswer(this.operationId, this.answer, what);
  }
}
