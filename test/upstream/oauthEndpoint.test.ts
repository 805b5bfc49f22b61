/** OAuthEndpoint over a scripted transport: the requests it sends and how it reads token answers. */
import { describe, expect, it } from 'vitest';
import { TransportError, type HttpResponse } from '../../src/datasources/upstream/http.js';
import { OAuthEndpoint } from '../../src/datasources/upstream/tokenBroker.js';
import { ErrorCode } from '../../src/errors.js';
import { done, scriptedTransport, upstreamErrorOf } from './support.js';
import { at } from '../helpers/responses.js';

const BASIC = `Basic ${Buffer.from('app:secret').toString('base64')}`;

function endpoint(script: Parameters<typeof scriptedTransport>[0], now?: () => number) {
  const http = scriptedTransport(script);
  const oauth = new OAuthEndpoint({
    http,
    baseUrl: 'http://oauth.test',
    clientId: 'app',
    clientSecret: 'secret',
    timeoutMs: 1_234,
    ...(now && { clock: { now } }),
  });
  return { http, oauth };
}

/** The token a token answer with `result` gives. */
const tokenFrom = (result: unknown) => endpoint([done(result)]).oauth.token({ grant_type: 'client_credentials' });

describe('OAuthEndpoint.send', () => {
  it('names its client id and base URL', () => {
    const { oauth } = endpoint([]);
    expect(oauth.clientId).toBe('app');
    expect(oauth.baseUrl).toBe('http://oauth.test');
  });

  it('sends a query and a bearer token given, with no body and no content type', async () => {
    const { http, oauth } = endpoint([done({ ok: true })]);
    const answer = await oauth.send('consents', 'GET', '/dev/v2/oauth2/consents', {
      query: { nid: '0012345678', state: 'a b' },
      bearer: 'user-token',
    });

    expect(answer).toEqual({ kind: 'success', result: { ok: true }, trackId: 'track-1' });
    expect(http.requests).toStrictEqual([
      {
        method: 'GET',
        url: 'http://oauth.test/dev/v2/oauth2/consents?nid=0012345678&state=a+b',
        headers: { authorization: 'Bearer user-token', accept: 'application/json' },
        timeoutMs: 1_234,
      },
    ]);
  });

  it('sends a body as JSON with the Basic client credentials, and no query mark without a query', async () => {
    const { http, oauth } = endpoint([done({})]);
    await oauth.send('revoke', 'DELETE', '/dev/v2/oauth2/token', { body: { token: 't' } });

    expect(http.requests).toStrictEqual([
      {
        method: 'DELETE',
        url: 'http://oauth.test/dev/v2/oauth2/token',
        headers: { authorization: BASIC, accept: 'application/json', 'content-type': 'application/json' },
        body: '{"token":"t"}',
        timeoutMs: 1_234,
      },
    ]);
  });

  it('gives a failure answer back instead of throwing', async () => {
    const { oauth } = endpoint([
      { status: 400, text: '{"trackId":"t-9","status":"FAILED","error":{"code":"VALIDATION_ERROR","message":"no"}}' },
    ]);
    expect(await oauth.send('consents', 'GET', '/x', {})).toEqual({
      kind: 'failure',
      httpStatus: 400,
      upstreamCode: 'VALIDATION_ERROR',
      message: 'no',
      trackId: 't-9',
      enveloped: true,
    });
  });

  it('turns no answer into an UpstreamError named by the label, its outcome known', async () => {
    const { oauth } = endpoint([new TransportError('timeout', true)]);
    const error = await upstreamErrorOf(oauth.send('consents', 'POST', '/x', { body: {} }));

    expect(error.details).toEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream did not answer in time.',
      operationId: 'consents',
    });
  });

  it('lets an error that is not the transport’s through as it is', async () => {
    const bug = new RangeError('a bug, not the network');
    const { oauth } = endpoint([bug]);
    await expect(oauth.send('consents', 'GET', '/x', {})).rejects.toBe(bug);
  });
});

describe('OAuthEndpoint.token', () => {
  it('posts the body to the token path and reads the token, its life measured from when it was asked for', async () => {
    let clock = 1_000_000;
    const { http, oauth } = endpoint(
      [
        () => {
          clock += 5_000; // the answer takes five seconds to come
          return done({
            value: 'access',
            refreshToken: 'refresh',
            lifeTime: '600000',
            scopes: ['a', 7, 'b'],
            userId: '0012345678',
          });
        },
      ],
      () => clock,
    );
    const token = await oauth.token({ grant_type: 'client_credentials', scopes: 'a,b' });

    expect(token).toEqual({
      value: 'access',
      refreshToken: 'refresh',
      expiresAt: 1_600_000,
      scopes: ['a', 'b'],
      userId: '0012345678',
    });
    const request = at(http.requests, 0);
    expect([request.method, request.url, request.body]).toEqual([
      'POST',
      'http://oauth.test/dev/v2/oauth2/token',
      '{"grant_type":"client_credentials","scopes":"a,b"}',
    ]);
  });

  it('reads a numeric lifetime and user id; absent optional fields are null', async () => {
    const before = Date.now();
    const token = await tokenFrom({ value: 'access', lifeTime: 60_000, userId: 12345 });

    expect(token).toMatchObject({ value: 'access', refreshToken: null, scopes: null, userId: '12345' });
    expect(token.expiresAt - before).toBeGreaterThanOrEqual(60_000);
    expect(token.expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it.each([
    ['an empty refresh token', { refreshToken: '' }, { refreshToken: null }],
    ['a refresh token that is not text', { refreshToken: 42 }, { refreshToken: null }],
    ['scopes that are not a list', { scopes: 'a b' }, { scopes: null }],
    ['an empty user id', { userId: '' }, { userId: null }],
    ['a user id that is neither text nor a number', { userId: true }, { userId: null }],
    ['no user id', {}, { userId: null }],
  ])('reads %s as nothing', async (_name, fields, expected) => {
    expect(await tokenFrom({ value: 'access', lifeTime: 60_000, ...fields })).toMatchObject(expected);
  });

  it.each([
    ['no result', null],
    ['a value that is not text', { value: 5, lifeTime: 60_000 }],
    ['an empty value', { value: '', lifeTime: 60_000 }],
    ['no lifetime', { value: 'access' }],
    ['a lifetime that is neither a number nor text', { value: 'access', lifeTime: true }],
    ['a null lifetime', { value: 'access', lifeTime: null }],
    ['a lifetime that is not a number', { value: 'access', lifeTime: 'ten minutes' }],
    ['an endless lifetime', { value: 'access', lifeTime: 'Infinity' }],
  ])('refuses a token answer with %s as unreadable', async (_name, result) => {
    const error = await upstreamErrorOf(tokenFrom(result));
    expect(error.details).toEqual({
      code: ErrorCode.UpstreamUnavailable,
      message: 'The upstream sent an unreadable token.',
      operationId: 'token',
    });
  });

  it('a token request that timed out (408) is a timeout whose outcome is known, with no trackId made up', async () => {
    const timedOut: HttpResponse = { status: 408, text: '' };
    const error = await upstreamErrorOf(endpoint([timedOut]).oauth.token({ grant_type: 'client_credentials' }));

    expect(error.details).toEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream timed out.',
      operationId: 'token',
      httpStatus: 408,
    });
  });

  it('a token request that got no answer fails named "token"', async () => {
    const { oauth } = endpoint([new TransportError('network', true)]);
    const error = await upstreamErrorOf(oauth.token({ grant_type: 'client_credentials' }));

    expect(error.details).toMatchObject({ code: ErrorCode.UpstreamUnavailable, operationId: 'token' });
    expect(error.details.outcomeUnknown).toBeUndefined();
  });
});
