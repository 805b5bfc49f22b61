import { toJalaali } from 'jalaali-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import {
  BILL_SCOPES,
  SAMPLES,
  basicAuth,
  callOperation,
  errorOf,
  issueToken,
  requestToken,
  resultOf,
} from './support.js';
import { eventually } from '../helpers/eventually.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

const inquire = (token: string | undefined) =>
  callOperation(sandbox, 'billingInquiryCcGet', { token, query: { type: 'Water', parameter: SAMPLES.water[0] } });

function tehranJalaliDay(epochMs: number): string {
  const local = new Date(epochMs + 3.5 * 3600_000);
  const { jy, jm, jd } = toJalaali(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
  return `${jy}${String(jm).padStart(2, '0')}${String(jd).padStart(2, '0')}`;
}

describe('client-credentials grant', () => {
  it('issues a token in the documented shape', async () => {
    const before = Date.now();
    const response = await requestToken(sandbox, {
      grant_type: 'client_credentials',
      nid: '0499370899',
      scopes: 'billing:cc-inquiry:get,billing:cc-negative-score:get,billing:cc-inquiry:get',
    });
    const after = Date.now();

    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['result', 'status']);
    expect(response.body['status']).toBe('DONE');
    const result = resultOf(response);
    expect(Object.keys(result).sort()).toEqual(['creationDate', 'lifeTime', 'refreshToken', 'scopes', 'value']);
    expect(result['value']).toEqual(expect.stringMatching(/^\S{20,}$/));
    expect(result['refreshToken']).toEqual(expect.stringMatching(/^\S{20,}$/));
    expect(result['refreshToken']).not.toBe(result['value']);
    expect(result['lifeTime']).toBe(864_000_000);
    expect(result['scopes']).toEqual(['billing:cc-inquiry:get', 'billing:cc-negative-score:get']);
    const creationDate = result['creationDate'] as string;
    expect(creationDate).toMatch(/^1[34]\d{12}$/);
    expect([tehranJalaliDay(before), tehranJalaliDay(after)]).toContain(creationDate.slice(0, 8));
  });

  it('echoes a trackId sent on the token request, and does not treat it as used', async () => {
    const body = { grant_type: 'client_credentials', nid: '0499370899', scopes: 'billing:cc-inquiry:get' };
    const headers = {
      authorization: basicAuth('sandbox-client', 'sandbox-secret'),
      'content-type': 'application/json',
    };
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${sandbox.url}/dev/v2/oauth2/token?trackId=token-track-1`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { trackId?: string }).trackId).toBe('token-track-1');
    }
  });

  it('gives a different token on every request', async () => {
    const [a, b] = await Promise.all([issueToken(sandbox), issueToken(sandbox)]);
    expect(a.value).not.toBe(b.value);
    expect(a.refreshToken).not.toBe(b.refreshToken);
  });

  it.each([
    ['a wrong secret', basicAuth('sandbox-client', 'nope')],
    ['a wrong client id', basicAuth('other-client', 'sandbox-secret')],
    ['a bearer header', 'Bearer abc'],
    ['no header', null],
  ])('answers 401 UNAUTHORIZED for %s', async (_, authorization) => {
    const response = await requestToken(
      sandbox,
      { grant_type: 'client_credentials', nid: '0499370899', scopes: 'billing:cc-inquiry:get' },
      authorization,
    );
    expect(errorOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(response.body['status']).toBe('FAILED');
    expect(response.body['trackId']).toEqual(expect.any(String));
  });

  it.each([
    ['a wrong nid', { grant_type: 'client_credentials', nid: '1000000011', scopes: 'billing:cc-inquiry:get' }],
    ['no nid', { grant_type: 'client_credentials', scopes: 'billing:cc-inquiry:get' }],
    [
      'an unknown scope',
      { grant_type: 'client_credentials', nid: '0499370899', scopes: 'billing:cc-inquiry:get,billing:nope:get' },
    ],
    [
      'a scope with a space',
      {
        grant_type: 'client_credentials',
        nid: '0499370899',
        scopes: 'billing:cc-inquiry:get, billing:cc-negative-score:get',
      },
    ],
    ['empty scopes', { grant_type: 'client_credentials', nid: '0499370899', scopes: '' }],
    ['scopes as an array', { grant_type: 'client_credentials', nid: '0499370899', scopes: ['billing:cc-inquiry:get'] }],
    ['an unsupported grant', { grant_type: 'authorization_code', code: 'abc', redirect_uri: 'https://x' }],
    ['no grant', { nid: '0499370899', scopes: 'billing:cc-inquiry:get' }],
    ['a body that is not JSON', '{"grant_type":'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, body) => {
    const response = await requestToken(sandbox, body);
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('uses the configured credentials, nid and lifetime', async () => {
    const custom = await startSandbox({
      clientId: 'app',
      clientSecret: 's3',
      clientNid: '1000000011',
      tokenLifetimeMs: 60_000,
    });
    try {
      const ok = await requestToken(
        custom,
        { grant_type: 'client_credentials', nid: '1000000011', scopes: 'billing:cc-inquiry:get' },
        basicAuth('app', 's3'),
      );
      expect(resultOf(ok)['lifeTime']).toBe(60_000);
      const defaultNid = await requestToken(
        custom,
        { grant_type: 'client_credentials', nid: '0499370899', scopes: 'billing:cc-inquiry:get' },
        basicAuth('app', 's3'),
      );
      expect(defaultNid.status).toBe(400);
    } finally {
      await custom.close();
    }
  });
});

describe('refresh grant', () => {
  it('issues a new value and refresh token with the same scopes, and spends the old refresh token', async () => {
    const first = await issueToken(sandbox);
    const refreshed = await requestToken(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      token_type: 'CLIENT-CREDENTIAL',
    });
    const second = resultOf(refreshed);
    expect(second['value']).not.toBe(first.value);
    expect(second['refreshToken']).not.toBe(first.refreshToken);
    expect(second['scopes']).toEqual(first.scopes);
    expect(second['lifeTime']).toBe(864_000_000);

    expect((await inquire(first.value)).status).toBe(200);
    expect((await inquire(second['value'] as string)).status).toBe(200);

    const reused = await requestToken(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      token_type: 'CLIENT-CREDENTIAL',
    });
    expect(errorOf(reused)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });

    const chained = await requestToken(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: second['refreshToken'],
      token_type: 'CLIENT-CREDENTIAL',
    });
    expect(chained.status).toBe(200);
  });

  it.each([
    [
      'an unknown refresh token',
      { grant_type: 'refresh_token', refresh_token: 'nope', token_type: 'CLIENT-CREDENTIAL' },
    ],
    ['no refresh token', { grant_type: 'refresh_token', token_type: 'CLIENT-CREDENTIAL' }],
    ['no token_type', { grant_type: 'refresh_token', refresh_token: 'x' }],
  ])('answers 400 for %s', async (_, body) => {
    expect(errorOf(await requestToken(sandbox, body))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('refuses a valid refresh token with a CODE token_type', async () => {
    const token = await issueToken(sandbox);
    const response = await requestToken(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: token.refreshToken,
      token_type: 'CODE',
    });
    expect(response.status).toBe(400);
  });
});

describe('bearer tokens on business calls', () => {
  it('answers 401 without a token', async () => {
    const response = await inquire(undefined);
    expect(errorOf(response)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(response.body['status']).toBe('FAILED');
  });

  it('answers 401 for a token the sandbox never issued', async () => {
    expect(errorOf(await inquire('made-up-token'))).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'the sent token is invalid',
    });
  });

  it('answers 401 for a token without the operation scope, and records the token scopes', async () => {
    const token = await issueToken(sandbox, ['billing:cc-negative-score:get']);
    sandbox.clearCalls();
    expect(errorOf(await inquire(token.value))).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'insufficient scope',
    });
    expect(sandbox.calls('billingInquiryCcGet')).toMatchObject([
      { status: 401, scopes: ['billing:cc-negative-score:get'] },
    ]);
  });

  it('answers 401 for every token issued before revokeAllTokens, but their refresh tokens still work', async () => {
    const old = await issueToken(sandbox);
    expect((await inquire(old.value)).status).toBe(200);
    sandbox.revokeAllTokens();
    expect(errorOf(await inquire(old.value))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });

    const fresh = await issueToken(sandbox);
    expect((await inquire(fresh.value)).status).toBe(200);
    const refreshed = resultOf(
      await requestToken(sandbox, {
        grant_type: 'refresh_token',
        refresh_token: old.refreshToken,
        token_type: 'CLIENT-CREDENTIAL',
      }),
    );
    expect((await inquire(refreshed['value'] as string)).status).toBe(200);
  });

  it('answers 401 once a token has expired', async () => {
    const shortLived = await startSandbox({ tokenLifetimeMs: 150 });
    try {
      const token = await issueToken(shortLived, BILL_SCOPES);
      const call = () =>
        callOperation(shortLived, 'billingInquiryCcGet', {
          token: token.value,
          query: { type: 'Water', parameter: SAMPLES.water[0] },
        });
      expect((await call()).status).toBe(200);
      const expired = await eventually(
        async () => {
          const response = await call();
          return response.status !== 200 ? response : undefined;
        },
        { what: 'the token to expire', timeoutMs: 3000 },
      );
      expect(errorOf(expired)).toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'the sent token is invalid',
      });
    } finally {
      await shortLived.close();
    }
  });
});
