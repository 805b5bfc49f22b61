import type { OperationId } from '../../src/datasources/upstream/operations.js';
import type { Failure } from '../envelopes.js';
import type { RequestBody } from '../requestBody.js';

export interface OperationRequest {
  readonly query: Readonly<Record<string, string>>;
  readonly body: RequestBody;
  readonly params: Readonly<Record<string, string>>;
  readonly now: number;
  /** The national id a user-grant token was issued for; absent under client credentials. */
  readonly user?: string;
  /** The bank of a web (authorization-code) token: its accounts are the ones it covers. */
  readonly bank?: string;
}

export type OperationOutcome =
  | { readonly ok: true; readonly result: unknown; readonly responseCode?: string }
  | { readonly ok: false; readonly failure: Failure };

export type OperationHandler = (request: OperationRequest) => OperationOutcome;

/** Handlers by catalog operation id; a catalogued operation without one answers 501. */
export type OperationHandlers = Partial<Record<OperationId, OperationHandler>>;

export const done = (result: unknown, responseCode?: string): OperationOutcome => ({
  ok: true,
  result,
  ...(responseCode ? { responseCode } : {}),
});

export const fail = (failure: Failure): OperationOutcome => ({ ok: false, failure });
