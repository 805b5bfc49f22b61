/**
 * What UpstreamGrants sends for each step of the user grants, and how it reads the upstream's
 * refusals and failures (no server: an OAuth endpoint over a scripted transport).
 */
import { describe, expect, it } from 'vitest';
import { UpstreamGrants } from '../../src/consent/upstreamGrants.js';
import { TransportError, type HttpRequest } from '../../src/datasources/upstream/http.js';
import { OAuthEndpoint } from '../../src/datasources/upstream/tokenBroker.js';
import { ErrorCode } from '../../src/errors.js';
import { at, present } from '../helpers/responses.js';

/**
 * Grants over an endpoint answering `answers` in turn (HTTP status, body, or an error the transport
 * throws), recording every request.
 */
function grantsAnswering(answers: Array<[number, unknown] | Error>, withClientToken = true) {
  const sent: HttpRequest[] = [];
  const endpoint = new OAuthEndpoint({
    http: {
      send: (request) => {
        sent.push(request);
        const answer = answers.shift() ?? [500, {}];
        if (answer instanceof Error) return Promise.reject(answer);
        const [status, body] = answer;
        return Promise.resolve({ status, text: JSON.stringify(body) });
      },
      close: () => Promise.resolve(),
    },
    baseUrl: 'https://upstream.example',
    clientId: 'client-1',
    clientSecret: 'secret',
    timeoutMs: 1000,
    clock: { now: () => 1_000 },
  });
  const clientToken = { token: () => Promise.resolve('cc-0'), renew: () => Promise.resolve('cc-1') };
  const grants = new UpstreamGrants(endpoint, 'https://app.example/done', withClientToken ? clientToken : undefined);
  return { grants, sent };
}

const done = (result: unknown): [number, unknown] => [200, { trackId: 't-1', status: 'DONE', result }];
const failed = (status: number, code: string, message = 'no'): [number, unknown] => [
  status,
  { trackId: 't-2', status: 'FAILED', error: { code, message } },
];

const request = { mobile: '09121234567', scopes: ['a', 'b'], state: 'st-1' };
const check = { mobile: '09121234567', otp: '12345', nationalId: '0499370899', trackId: 'otp-1' };
const sms = { grant: 'authorization_sms', bank: null } as const;
const web = { grant: 'authorization_code', bank: '062' } as const;
const issued = done({ value: 'user-token', lifeTime: 600_000, refreshToken: 'r-1', scopes: ['a'], userId: 'u-1' });

function bodyOf(sent: HttpRequest[], index: number): unknown {
  return JSON.parse(present(at(sent, index).body, 'a body'));
}

describe('UpstreamGrants.requestOtp', () => {
  it('asks GET authorize for an SMS code with the scopes, mobile, state and redirect', async () => {
    const { grants, sent } = grantsAnswering([done({ smsSent: true, trackId: 'otp-1' })]);
    expect(await grants.requestOtp(request)).toEqual({ kind: 'sent', trackId: 'otp-1' });
    expect(sent).toHaveLength(1);
    const url = new URL(at(sent, 0).url);
    expect(at(sent, 0).method).toBe('GET');
    expect(`${url.origin}${url.pathname}`).toBe('https://upstream.example/dev/v2/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      redirect_uri: 'https://app.example/done',
      scope: 'a,b',
      mobile: '09121234567',
      auth_type: 'SMS',
      state: 'st-1',
    });
  });

  it.each([400, 422, 200])('reads a %i as refused, with the upstream code', async (status) => {
    const { grants } = grantsAnswering([failed(status, 'INVALID_MOBILE')]);
    expect(await grants.requestOtp(request)).toEqual({ kind: 'refused', upstreamCode: 'INVALID_MOBILE' });
  });

  it('reads a refusal without an upstream code as refused, code null', async () => {
    const { grants } = grantsAnswering([[400, { trackId: 't-2', status: 'FAILED' }]]);
    expect(await grants.requestOtp(request)).toEqual({ kind: 'refused', upstreamCode: null });
  });

  it('throws on another failure; a timeout may have texted the person', async () => {
    const { grants } = grantsAnswering([failed(500, 'BOOM'), failed(408, 'SLOW')]);
    await expect(grants.requestOtp(request)).rejects.toMatchObject({
      details: { operationId: 'authorize', httpStatus: 500 },
    });
    await expect(grants.requestOtp(request)).rejects.toMatchObject({
      details: { code: ErrorCode.UpstreamTimeout, operationId: 'authorize', outcomeUnknown: true },
    });
  });
});

describe('UpstreamGrants.verifyOtp', () => {
  it('POSTs the mobile, OTP, national id and trackId to verify/sms', async () => {
    const { grants, sent } = grantsAnswering([done({ code: 'c-1' })]);
    expect(await grants.verifyOtp(check)).toEqual({ kind: 'code', code: 'c-1' });
    expect(at(sent, 0)).toMatchObject({ method: 'POST', url: 'https://upstream.example/dev/v2/oauth2/verify/sms' });
    expect(bodyOf(sent, 0)).toEqual({ mobile: '09121234567', otp: '12345', nid: '0499370899', trackId: 'otp-1' });
  });

  it.each([
    ['a 404', failed(404, 'NOT_FOUND')],
    ['a 400 saying the code expired', failed(400, 'INVALID', 'Expiration time is exceeded')],
    ['a 422 saying the code expired', failed(422, 'INVALID', 'otp EXPIRED')],
  ])('reads %s as expired', async (_name, answer) => {
    const { grants } = grantsAnswering([answer]);
    expect(await grants.verifyOtp(check)).toEqual({ kind: 'expired' });
  });

  it.each([
    ['a 400', failed(400, 'INVALID', 'wrong code')],
    ['a 422 without a message', [422, { trackId: 't-2', status: 'FAILED', error: { code: 'INVALID' } }]],
  ] as Array<[string, [number, unknown]]>)('reads %s as an invalid code', async (_name, answer) => {
    const { grants } = grantsAnswering([answer]);
    expect(await grants.verifyOtp(check)).toEqual({ kind: 'invalid' });
  });

  it('throws on another failure, even one mentioning expiry; a timeout is safe to retry', async () => {
    const { grants } = grantsAnswering([failed(500, 'BOOM', 'token expired'), failed(408, 'SLOW')]);
    await expect(grants.verifyOtp(check)).rejects.toMatchObject({
      details: { operationId: 'verifySms', httpStatus: 500 },
    });
    const timeout: unknown = await grants.verifyOtp(check).catch((error: unknown) => error);
    expect(timeout).toMatchObject({ details: { code: ErrorCode.UpstreamTimeout, operationId: 'verifySms' } });
    expect(timeout).not.toMatchObject({ details: { outcomeUnknown: true } });
  });
});

describe('UpstreamGrants.authorizeUrl', () => {
  it('builds the authorize URL of the web grant, calling nothing', () => {
    const { grants, sent } = grantsAnswering([]);
    const url = new URL(grants.authorizeUrl({ scopes: ['a', 'b'], bank: '062', state: 'st 1' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://upstream.example/dev/v2/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      redirect_uri: 'https://app.example/done',
      scope: 'a,b',
      bank: '062',
      state: 'st 1',
    });
    expect(sent).toHaveLength(0);
  });
});

describe('UpstreamGrants tokens', () => {
  it('exchanges a code of the SMS grant with auth_type SMS, and of the web grant with its bank', async () => {
    const { grants, sent } = grantsAnswering([issued, issued, issued]);
    expect(await grants.exchangeCode(sms, 'c-1')).toEqual({
      kind: 'issued',
      token: { value: 'user-token', refreshToken: 'r-1', expiresAt: 601_000, scopes: ['a'], userId: 'u-1' },
    });
    await grants.exchangeCode(web, 'c-2');
    await grants.exchangeCode({ grant: 'authorization_code', bank: null }, 'c-3');
    expect(at(sent, 0)).toMatchObject({ method: 'POST', url: 'https://upstream.example/dev/v2/oauth2/token' });
    expect(bodyOf(sent, 0)).toEqual({
      grant_type: 'authorization_code',
      code: 'c-1',
      redirect_uri: 'https://app.example/done',
      auth_type: 'SMS',
    });
    expect(bodyOf(sent, 1)).toEqual({
      grant_type: 'authorization_code',
      code: 'c-2',
      redirect_uri: 'https://app.example/done',
      bank: '062',
    });
    expect(bodyOf(sent, 2)).toMatchObject({ bank: '' });
  });

  it('refreshes a CODE token with the grant flavour', async () => {
    const { grants, sent } = grantsAnswering([issued, issued]);
    expect(await grants.refresh(sms, 'r-1')).toMatchObject({ kind: 'issued' });
    await grants.refresh(web, 'r-2');
    expect(bodyOf(sent, 0)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r-1',
      token_type: 'CODE',
      auth_type: 'SMS',
    });
    expect(bodyOf(sent, 1)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r-2',
      token_type: 'CODE',
      bank: '062',
    });
  });

  it.each([400, 422])('reads a %i token answer as refused, with the upstream code', async (status) => {
    const { grants } = grantsAnswering([failed(status, 'INVALID_GRANT'), [status, { status: 'FAILED' }]]);
    expect(await grants.exchangeCode(sms, 'c-1')).toEqual({ kind: 'refused', upstreamCode: 'INVALID_GRANT' });
    expect(await grants.refresh(sms, 'r-1')).toEqual({ kind: 'refused', upstreamCode: null });
  });

  it('throws another failure, and an unreadable token', async () => {
    const { grants } = grantsAnswering([failed(500, 'BOOM'), done({ lifeTime: 1 })]);
    await expect(grants.exchangeCode(sms, 'c-1')).rejects.toMatchObject({
      details: { operationId: 'token', httpStatus: 500 },
    });
    await expect(grants.refresh(sms, 'r-1')).rejects.toMatchObject({
      details: { code: ErrorCode.UpstreamUnavailable, operationId: 'token' },
    });
  });
});

describe('UpstreamGrants.revoke without a client token', () => {
  it('refuses to revoke, saying why, and sends nothing', async () => {
    const { grants, sent } = grantsAnswering([], false);
    await expect(grants.revoke(sms, 'user-token')).rejects.toThrow(
      'no client-credentials token source to revoke user tokens with',
    );
    expect(sent).toHaveLength(0);
  });
});

describe('UpstreamGrants errors', () => {
  const timedOut = () => new TransportError('timeout', true);
  const bare = (status: number): [number, unknown] => [
    status,
    { status: 'FAILED', error: { code: 'X', message: 'no' } },
  ];

  it('names the call that got no answer', async () => {
    const { grants, sent } = grantsAnswering([
      timedOut(),
      timedOut(),
      timedOut(),
      failed(401, 'UNAUTHORIZED'),
      timedOut(),
    ]);
    await expect(grants.requestOtp(request)).rejects.toMatchObject({ details: { operationId: 'authorize' } });
    await expect(grants.verifyOtp(check)).rejects.toMatchObject({ details: { operationId: 'verifySms' } });
    await expect(grants.revoke(sms, 'user-token')).rejects.toMatchObject({ details: { operationId: 'revokeToken' } });
    await expect(grants.revoke(sms, 'user-token')).rejects.toMatchObject({ details: { operationId: 'revokeToken' } });
    expect(sent.slice(2).map((r) => r.method)).toEqual(['DELETE', 'DELETE', 'DELETE']);
  });

  it('names the call and what is unreadable in an answer', async () => {
    const { grants } = grantsAnswering([
      [200, { status: 'DONE', result: { trackId: ' ' } }],
      [200, { status: 'DONE', result: 'no record' }],
      [200, { status: 'DONE', result: { code: ' ' } }],
      [200, { status: 'DONE', result: 'no record' }],
    ]);
    const unreadable = (operationId: string, what: string) => ({
      details: { operationId, message: `The upstream sent an unreadable ${what}.` },
    });
    await expect(grants.requestOtp(request)).rejects.toMatchObject(unreadable('authorize', 'OTP trackId'));
    await expect(grants.requestOtp(request)).rejects.toMatchObject({ details: { operationId: 'authorize' } });
    await expect(grants.verifyOtp(check)).rejects.toMatchObject(unreadable('verifySms', 'authorization code'));
    await expect(grants.verifyOtp(check)).rejects.toMatchObject({ details: { operationId: 'verifySms' } });
  });

  it('invents no trackId for an answer without one', async () => {
    const { grants } = grantsAnswering([
      bare(500),
      bare(500),
      bare(500),
      [200, { status: 'DONE', result: { smsSent: true } }],
      [200, { status: 'DONE', result: {} }],
    ]);
    const errors = [
      await grants.requestOtp(request).catch((error: unknown) => error),
      await grants.verifyOtp(check).catch((error: unknown) => error),
      await grants.revoke(sms, 'user-token').catch((error: unknown) => error),
      await grants.requestOtp(request).catch((error: unknown) => error),
      await grants.verifyOtp(check).catch((error: unknown) => error),
    ];
    for (const error of errors) {
      expect(error).toMatchObject({ details: { code: expect.any(String) } });
      expect(error).not.toMatchObject({ details: { trackId: expect.stringMatching(/./) } });
    }
  });

  it('says a revocation that timed out may have happened', async () => {
    const { grants } = grantsAnswering([failed(408, 'SLOW')]);
    await expect(grants.revoke(sms, 'user-token')).rejects.toMatchObject({
      details: { code: ErrorCode.UpstreamTimeout, operationId: 'revokeToken', outcomeUnknown: true },
    });
  });

  it('passes on, as it is, an error of a token request that is not an upstream error', async () => {
    const broken = new Error('broken transport');
    const { grants } = grantsAnswering([broken]);
    await expect(grants.exchangeCode(sms, 'c-1')).rejects.toBe(broken);
  });
});
