/** The upstream's response envelopes (wire facts §3.1, §3.2). */
import { randomUUID } from 'node:crypto';

export interface Failure {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly responseCode?: string;
}

export interface Reply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export const newTrackId = (): string => randomUUID();

export function success(trackId: string, result: unknown, responseCode?: string): Reply {
  return { status: 200, body: { ...(responseCode ? { responseCode } : {}), trackId, result, status: 'DONE' } };
}

export function failure(trackId: string, { status, code, message, responseCode }: Failure): Reply {
  return {
    status,
    body: { ...(responseCode ? { responseCode } : {}), trackId, status: 'FAILED', error: { code, message } },
  };
}

export const validationError = (message: string, responseCode?: string): Failure => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message,
  ...(responseCode ? { responseCode } : {}),
});

export const unauthorized = (message: string): Failure => ({ status: 401, code: 'UNAUTHORIZED', message });

/** The `error.code` an injected HTTP status is answered with. */
export function codeForStatus(status: number): string {
  if (status === 400) return 'VALIDATION_ERROR';
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'TIMEOUT';
  if (status === 429) return 'RATE_LIMITED';
  return 'SERVICE_CALL_ERROR';
}
