/** How the SMS grant reads the upstream's OTP answers: sent or refused, and what is unreadable. */
import { describe, expect, it } from 'vitest';
import { UpstreamGrants } from '../../src/consent/upstreamGrants.js';
import { OAuthEndpoint } from '../../src/datasources/upstream/tokenBroker.js';
import { ErrorCode } from '../../src/errors.js';

/** Grants over an OAuth endpoint whose every call answers a DONE envelope with `result`. */
function grants(result: unknown): UpstreamGrants {
  const endpoint = new OAuthEndpoint({
    http: {
      send: () =>
        Promise.resolve({ status: 200, text: JSON.stringify({ trackId: 'track-1', status: 'DONE', result }) }),
      close: () => Promise.resolve(),
    },
    baseUrl: 'https://upstream.example',
    clientId: 'client',
    clientSecret: 'secret',
    timeoutMs: 1000,
  });
  return new UpstreamGrants(endpoint, 'https://app.example/done');
}

const request = { mobile: '09121234567', scopes: ['a'], state: 's' };
const check = { mobile: '09121234567', otp: '12345', nationalId: '0499370899', trackId: 'otp' };
const unreadable = { details: { code: ErrorCode.UpstreamUnavailable, trackId: 'track-1' } };

describe('OTP answers', () => {
  it.each([
    [
      { smsSent: true, trackId: 'otp-1' },
      { kind: 'sent', trackId: 'otp-1' },
    ],
    [{ trackId: 42 }, { kind: 'sent', trackId: '42' }],
    [
      { smsSent: 'false', trackId: 'otp-1' },
      { kind: 'sent', trackId: 'otp-1' },
    ],
    [
      { smsSent: false, trackId: 'otp-1' },
      { kind: 'refused', upstreamCode: null },
    ],
    [{ smsSent: false }, { kind: 'refused', upstreamCode: null }],
  ])('reads %j as %j', async (result, expected) => {
    expect(await grants(result).requestOtp(request)).toEqual(expected);
  });

  it('refuses an OTP request answer without a trackId, or that is no record', async () => {
    await expect(grants({ smsSent: true, trackId: ' ' }).requestOtp(request)).rejects.toMatchObject(unreadable);
    await expect(grants(['otp-1']).requestOtp(request)).rejects.toMatchObject(unreadable);
  });

  it('reads the authorization code, and refuses an answer without one', async () => {
    expect(await grants({ code: ' c-1 ' }).verifyOtp(check)).toEqual({ kind: 'code', code: 'c-1' });
    await expect(grants({ code: '' }).verifyOtp(check)).rejects.toMatchObject(unreadable);
    await expect(grants('c-1').verifyOtp(check)).rejects.toMatchObject(unreadable);
  });
});
