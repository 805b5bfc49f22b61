/** What an upstream or consent error says about an action: refused (with the failure stored in its job) or unclear. */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isDuplicateTrackId, refusalFrom, refusalIn, type RefusalTable } from '../../src/datasources/flows/refusals.js';
import { ErrorCode, UpstreamError, type UpstreamErrorDetails } from '../../src/errors.js';

const upstreamError = (details: Partial<UpstreamErrorDetails>) =>
  new UpstreamError({ code: ErrorCode.UpstreamRejected, message: 'failing', operationId: 'x', ...details });

const REFUSED = { code: 'REFUSED', message: 'refused by the table' };

/** refusalFrom for a "transfer", with a `refused` that records the errors it was given. */
function refusalOf(error: unknown): { failure: ReturnType<typeof refusalFrom>; refusedWith: UpstreamError[] } {
  const refusedWith: UpstreamError[] = [];
  const failure = refusalFrom(error, 'transfer', (refusal) => {
    refusedWith.push(refusal);
    return REFUSED;
  });
  return { failure, refusedWith };
}

describe('refusalFrom', () => {
  it('reads a call refused before it was sent as not applied, whatever its status', () => {
    for (const httpStatus of [undefined, 400, 403, 503]) {
      const { failure, refusedWith } = refusalOf(
        upstreamError({ code: ErrorCode.UpstreamUnavailable, notSent: true, ...(httpStatus && { httpStatus }) }),
      );
      expect(failure).toEqual({
        code: 'NOT_APPLIED',
        message:
          'The transfer was never sent (the upstream is failing or could not be reached), so it was not applied.',
      });
      expect(refusedWith).toEqual([]);
    }
  });

  it('leaves a 400 to the action’s own reading of the refusal', () => {
    const error = upstreamError({ httpStatus: 400, upstreamMessage: 'insufficient balance' });
    const { failure, refusedWith } = refusalOf(error);
    expect(failure).toBe(REFUSED);
    expect(refusedWith).toEqual([error]);
  });

  it('reads a refused token (401, 403) as a refusal of the consent, to be sent again under a new key', () => {
    for (const httpStatus of [401, 403]) {
      const { failure, refusedWith } = refusalOf(upstreamError({ code: ErrorCode.Unauthenticated, httpStatus }));
      expect(failure).toEqual({
        code: 'CONSENT_REFUSED',
        message:
          'The upstream refused the token for this transfer, which was not applied; if the consent still stands, send it again under a new idempotency key.',
      });
      expect(refusedWith).toEqual([]);
    }
  });

  it('leaves any other upstream failure unclear: it may have been applied', () => {
    for (const details of [
      {},
      { httpStatus: 404 },
      { httpStatus: 408 },
      { httpStatus: 500 },
      { code: ErrorCode.UpstreamTimeout, outcomeUnknown: true },
    ] satisfies Partial<UpstreamErrorDetails>[]) {
      expect(refusalOf(upstreamError(details)).failure).toBeNull();
    }
  });

  it('reads a consent that failed before anything was sent (required, forbidden, unauthenticated) as consent required', () => {
    for (const code of [ErrorCode.ConsentRequired, ErrorCode.Forbidden, ErrorCode.Unauthenticated]) {
      const error = new GraphQLError('no consent', { extensions: { code } });
      expect(refusalOf(error).failure).toEqual({
        code: 'CONSENT_REQUIRED',
        message: 'The consent no longer covers this transfer; nothing was sent.',
      });
    }
  });

  it('leaves other errors unclear: another GraphQL error, a plain error, anything thrown', () => {
    for (const error of [
      new GraphQLError('bad', { extensions: { code: ErrorCode.BadUserInput } }),
      new GraphQLError('no code'),
      new Error('CONSENT_REQUIRED'),
      Object.assign(new Error('looks like one'), { extensions: { code: ErrorCode.ConsentRequired } }),
      'UNAUTHENTICATED',
      undefined,
    ]) {
      expect(refusalOf(error).failure).toBeNull();
    }
  });
});

describe('isDuplicateTrackId', () => {
  it('is the upstream’s 400 saying the trackId was used before, in any case', () => {
    expect(isDuplicateTrackId(upstreamError({ httpStatus: 400, upstreamMessage: 'duplicate trackId' }))).toBe(true);
    expect(isDuplicateTrackId(upstreamError({ httpStatus: 400, upstreamMessage: 'Duplicate TRACKID: x-1' }))).toBe(
      true,
    );
  });

  it('is not another 400, nor a message without its 400', () => {
    expect(isDuplicateTrackId(upstreamError({ httpStatus: 400, upstreamMessage: 'insufficient balance' }))).toBe(false);
    expect(isDuplicateTrackId(upstreamError({ httpStatus: 400 }))).toBe(false);
    for (const httpStatus of [409, 500]) {
      expect(isDuplicateTrackId(upstreamError({ httpStatus, upstreamMessage: 'duplicate trackId' }))).toBe(false);
    }
    expect(isDuplicateTrackId(upstreamError({ upstreamMessage: 'duplicate trackId' }))).toBe(false);
  });

  it('is not an error of another kind, whatever it says', () => {
    expect(isDuplicateTrackId(new Error('duplicate trackId'))).toBe(false);
    expect(
      isDuplicateTrackId(new GraphQLError('duplicate trackId', { extensions: { code: ErrorCode.UpstreamRejected } })),
    ).toBe(false);
    expect(isDuplicateTrackId('duplicate trackId')).toBe(false);
  });
});

describe('refusalIn', () => {
  const table: RefusalTable = [
    [/balance/i, 'INSUFFICIENT_BALANCE', 'The balance does not cover the transfer.'],
    [/limit|balance/i, 'LIMIT_EXCEEDED', 'The transfer exceeds a limit.'],
  ];

  it('is the failure of the first row whose pattern the text matches', () => {
    expect(refusalIn(table, 'Insufficient BALANCE, over the limit')).toEqual({
      code: 'INSUFFICIENT_BALANCE',
      message: 'The balance does not cover the transfer.',
    });
    expect(refusalIn(table, 'daily limit')).toEqual({
      code: 'LIMIT_EXCEEDED',
      message: 'The transfer exceeds a limit.',
    });
  });

  it('is null when no row matches, or there are none', () => {
    expect(refusalIn(table, 'unknown deposit')).toBeNull();
    expect(refusalIn([], 'balance')).toBeNull();
  });
});
