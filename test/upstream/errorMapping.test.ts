/** How an upstream failure, or a call with no answer, becomes the one typed error callers see. */
import { describe, expect, it } from 'vitest';
import {
  CANCELLED_MESSAGE,
  errorFromAnswer,
  errorFromTransport,
  isTokenRejection,
} from '../../src/datasources/upstream/errorMapping.js';
import type { UpstreamAnswer } from '../../src/datasources/upstream/envelope.js';
import { TransportError } from '../../src/datasources/upstream/http.js';
import { ErrorCode } from '../../src/errors.js';

type Failure = Extract<UpstreamAnswer, { kind: 'failure' }>;

const failure = (httpStatus: number, more: Partial<Omit<Failure, 'kind' | 'httpStatus'>> = {}): Failure => ({
  kind: 'failure',
  httpStatus,
  enveloped: true,
  ...more,
});

const CREDENTIALS = "The upstream refused this service's credentials for the operation.";

describe('a rejected token', () => {
  it('is any 401 or 403, whatever its code, or an UNAUTHORIZED code under any status', () => {
    for (const status of [401, 403]) {
      expect(isTokenRejection(failure(status)), `HTTP ${status}`).toBe(true);
      expect(isTokenRejection(failure(status, { upstreamCode: 'FORBIDDEN' })), `HTTP ${status}`).toBe(true);
      expect(isTokenRejection(failure(status, { enveloped: false })), `HTTP ${status}`).toBe(true);
    }
    expect(isTokenRejection(failure(400, { upstreamCode: 'UNAUTHORIZED' }))).toBe(true);
    expect(isTokenRejection(failure(200, { upstreamCode: 'UNAUTHORIZED', within2xx: true }))).toBe(true);
  });

  it('is a VALIDATION_ERROR saying the token is invalid, in any case', () => {
    expect(isTokenRejection(failure(400, { upstreamCode: 'VALIDATION_ERROR', message: 'Invalid Token given' }))).toBe(
      true,
    );
    expect(isTokenRejection(failure(400, { upstreamCode: 'VALIDATION_ERROR', message: 'invalid nationalCode' }))).toBe(
      false,
    );
    expect(isTokenRejection(failure(400, { upstreamCode: 'VALIDATION_ERROR' }))).toBe(false);
    expect(isTokenRejection(failure(400, { upstreamCode: 'SERVICE_CALL_ERROR', message: 'invalid token' }))).toBe(
      false,
    );
  });

  it('is no other failure', () => {
    for (const status of [400, 402, 404, 408, 429, 500, 503])
      expect(isTokenRejection(failure(status, { upstreamCode: 'FORBIDDEN' })), `HTTP ${status}`).toBe(false);
  });
});

describe('an upstream failure answer', () => {
  it('is UPSTREAM_REJECTED for the credentials on a 401 or a 403 of any code, or an UNAUTHORIZED code', () => {
    for (const answer of [
      failure(401),
      failure(403, { upstreamCode: 'FORBIDDEN' }),
      failure(403, { enveloped: false }),
      failure(400, { upstreamCode: 'UNAUTHORIZED' }),
    ]) {
      const error = errorFromAnswer('op', answer, 'T-1', true);
      expect(error.details, JSON.stringify(answer)).toMatchObject({
        code: ErrorCode.UpstreamRejected,
        message: CREDENTIALS,
      });
    }
  });

  it('is a timeout on a 408, its outcome unknown only for a call not safe to send again', () => {
    expect(errorFromAnswer('op', failure(408), 'T-1', true).details).toStrictEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream timed out.',
      operationId: 'op',
      httpStatus: 408,
      trackId: 'T-1',
    });
    expect(errorFromAnswer('op', failure(408), 'T-1', false).details).toStrictEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream timed out; the outcome of the call is unknown.',
      outcomeUnknown: true,
      operationId: 'op',
      httpStatus: 408,
      trackId: 'T-1',
    });
  });

  it('is RATE_LIMITED on a 429 and NOT_FOUND on a 404', () => {
    expect(errorFromAnswer('op', failure(429), 'T', true).details).toMatchObject({
      code: ErrorCode.RateLimited,
      message: 'The upstream is limiting the rate of calls; try again later.',
    });
    expect(errorFromAnswer('op', failure(404), 'T', true).details).toMatchObject({
      code: ErrorCode.NotFound,
      message: 'The upstream found no such record.',
    });
  });

  it('is UPSTREAM_OPERATION_UNKNOWN on a 404 outside the envelope: no such path, not no such record', () => {
    expect(errorFromAnswer('op', failure(404, { enveloped: false }), 'T', true).details).toEqual({
      code: ErrorCode.UpstreamOperationUnknown,
      message: 'The upstream does not offer this operation: it has no such path.',
      operationId: 'op',
      httpStatus: 404,
      trackId: 'T',
    });
  });

  it('is UPSTREAM_UNAVAILABLE from 500 up, or for a body that is not the envelope', () => {
    for (const answer of [failure(500), failure(503, { upstreamCode: 'X' }), failure(400, { enveloped: false })]) {
      expect(errorFromAnswer('op', answer, 'T', true).details, JSON.stringify(answer)).toMatchObject({
        code: ErrorCode.UpstreamUnavailable,
        message: 'The upstream failed to answer; try again later.',
      });
    }
  });

  it('is otherwise a rejection of the request, naming the upstream code or the status', () => {
    expect(errorFromAnswer('op', failure(499, { upstreamCode: 'VALIDATION_ERROR' }), 'T', true).details).toMatchObject({
      code: ErrorCode.UpstreamRejected,
      message: 'The upstream rejected the request (VALIDATION_ERROR).',
    });
    expect(errorFromAnswer('op', failure(400), 'T', true).details).toMatchObject({
      code: ErrorCode.UpstreamRejected,
      message: 'The upstream rejected the request (HTTP 400).',
    });
  });

  it('carries what the upstream said, its own trackId before the one sent, and nothing it did not say', () => {
    const full = failure(200, {
      within2xx: true,
      trackId: 'UP-1',
      upstreamCode: 'SERVICE_CALL_ERROR',
      responseCode: 'R-9',
      message: 'no',
    });
    expect(errorFromAnswer('op', full, 'SENT', true).details).toStrictEqual({
      code: ErrorCode.UpstreamRejected,
      message: 'The upstream rejected the request (SERVICE_CALL_ERROR).',
      operationId: 'op',
      httpStatus: 200,
      within2xx: true,
      trackId: 'UP-1',
      upstreamCode: 'SERVICE_CALL_ERROR',
      responseCode: 'R-9',
      upstreamMessage: 'no',
    });
    expect(errorFromAnswer('op', failure(400), 'SENT', true).details).toStrictEqual({
      code: ErrorCode.UpstreamRejected,
      message: 'The upstream rejected the request (HTTP 400).',
      operationId: 'op',
      httpStatus: 400,
      trackId: 'SENT',
    });
    expect(errorFromAnswer('op', failure(400), '', true).details).not.toHaveProperty('trackId');
  });
});

describe('a call with no answer', () => {
  it('is a timeout, its outcome unknown only when it may have arrived and is not safe to send again', () => {
    expect(errorFromTransport('op', new TransportError('timeout', true), 'T', false).details).toStrictEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream did not answer in time.',
      operationId: 'op',
      trackId: 'T',
      outcomeUnknown: true,
    });
    expect(errorFromTransport('op', new TransportError('timeout', true), 'T', true).details).toStrictEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream did not answer in time.',
      operationId: 'op',
      trackId: 'T',
    });
    expect(errorFromTransport('op', new TransportError('timeout', false), '', false).details).toStrictEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream did not answer in time.',
      operationId: 'op',
      notSent: true,
    });
  });

  it('is UPSTREAM_UNAVAILABLE when unreachable or cancelled, saying which', () => {
    expect(errorFromTransport('op', new TransportError('network', true), 'T', false).details).toStrictEqual({
      code: ErrorCode.UpstreamUnavailable,
      message: 'The upstream could not be reached.',
      operationId: 'op',
      trackId: 'T',
      outcomeUnknown: true,
    });
    expect(errorFromTransport('op', new TransportError('aborted', false), 'T', false).details).toStrictEqual({
      code: ErrorCode.UpstreamUnavailable,
      message: CANCELLED_MESSAGE,
      operationId: 'op',
      trackId: 'T',
      notSent: true,
    });
  });
});
