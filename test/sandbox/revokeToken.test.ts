/** `DELETE /dev/v2/clients/{clientId}/token` (wire facts §2.7): a revoked token is refused from then on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { operation } from '../../src/datasources/upstream/operations.js';
import { basicAuth, callOperation, errorOf, issueToken, requestToken, type JsonResponse } from './support.js';

const TAX_SCOPE = operation('kycSmsTaxInquiryGet').scope;
const NID = '0499370899';
const REDIRECT = 'https://app.example/cb';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const clientAuth = () => basicAuth(sandbox.options.clientId, sandbox.options.clientSecret);

/** An SMS CODE token of `NID`, straight from the sandbox's consent endpoints. */
async function smsToken(): Promise<{ value: string; refreshToken: string }> {
  const headers = { authorization: clientAuth(), 'content-type': 'application/json' };
  const query = new URLSearchParams({
    client_id: sandbox.options.clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: TAX_SCOPE,
    mobile: '09121234567',
    auth_type: 'SMS',
  });
  const sent = (await (await fetch(`${sandbox.url}/dev/v2/oauth2/authorize?${query}`, { headers })).json()) as {
    result: { trackId: string };
  };
  const verified = (await (
    await fetch(`${sandbox.url}/dev/v2/oauth2/verify/sms`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile: '09121234567', otp: '12345', nid: NID, trackId: sent.result.trackId }),
    })
  ).json()) as { result: { code: string } };
  const token = await requestToken(sandbox, {
    grant_type: 'authorization_code',
    code: verified.result.code,
    auth_type: 'SMS',
    redirect_uri: REDIRECT,
  });
  return token.body['result'] as { value: string; refreshToken: string };
}

async function revoke(
  body: unknown,
  options: { bearer?: string | null; clientId?: string; method?: string; trackId?: string } = {},
): Promise<JsonResponse> {
  const bearer =
    options.bearer === undefined ? (await issueToken(sandbox, ['boomrang:wages:get'])).value : options.bearer;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer !== null) headers['authorization'] = `Bearer ${bearer}`;
  const search = options.trackId ? `?trackId=${options.trackId}` : '';
  const response = await fetch(
    `${sandbox.url}/dev/v2/clients/${options.clientId ?? sandbox.options.clientId}/token${search}`,
    { method: options.method ?? 'DELETE', headers, body: JSON.stringify(body) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const taxDebts = (token: string) =>
  callOperation(sandbox, 'kycSmsTaxInquiryGet', { token, query: { nationalCode: NID } });

describe('revoking a token', () => {
  it('revokes an SMS token: DONE with a trackId, then 401 for it and its refresh token refused', async () => {
    const token = await smsToken();
    expect((await taxDebts(token.value)).status).toBe(200);
    const answer = await revoke({ token: token.value, token_type: 'CODE', auth_type: 'SMS' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ trackId: expect.any(String), status: 'DONE' });
    expect(errorOf(await taxDebts(token.value))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const renewed = await requestToken(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: token.refreshToken,
      token_type: 'CODE',
      auth_type: 'SMS',
    });
    expect(renewed.status).toBe(400);
    // Again: harmless.
    expect((await revoke({ token: token.value, token_type: 'CODE', auth_type: 'SMS' })).status).toBe(200);
  });

  it('echoes a trackId that was sent', async () => {
    const token = await smsToken();
    const answer = await revoke({ token: token.value, token_type: 'CODE', auth_type: 'SMS' }, { trackId: 'revoke-1' });
    expect(answer.body['trackId']).toBe('revoke-1');
  });

  it('revokes a client-credentials token', async () => {
    const cc = await issueToken(sandbox);
    expect((await revoke({ token: cc.value, token_type: 'CLIENT-CREDENTIAL' })).status).toBe(200);
    const inquiry = await callOperation(sandbox, 'billingInquiryCcGet', {
      token: cc.value,
      query: { type: 'Water', parameter: '1' },
    });
    expect(inquiry.status).toBe(401);
  });

  it('needs a live client-credentials Bearer token of this client', async () => {
    const token = await smsToken();
    const body = { token: token.value, token_type: 'CODE', auth_type: 'SMS' };
    expect((await revoke(body, { bearer: null })).status).toBe(401);
    expect((await revoke(body, { bearer: token.value })).status).toBe(401);
    expect((await revoke(body, { bearer: 'unknown' })).status).toBe(401);
    expect((await revoke(body, { clientId: 'another-client' })).status).toBe(401);
    const basic = await fetch(`${sandbox.url}/dev/v2/clients/${sandbox.options.clientId}/token`, {
      method: 'DELETE',
      headers: { authorization: clientAuth(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(basic.status).toBe(401);
    // None of these revoked it.
    expect((await taxDebts(token.value)).status).toBe(200);
  });

  it('refuses an unknown token, or one described as another kind, with 400', async () => {
    const token = await smsToken();
    for (const body of [
      { token: 'unknown', token_type: 'CODE', auth_type: 'SMS' },
      { token: token.value, token_type: 'CODE', bank: '062' },
      { token: token.value, token_type: 'CLIENT-CREDENTIAL' },
      { token: token.value, token_type: 'REFRESH' },
      { token_type: 'CODE', auth_type: 'SMS' },
    ]) {
      expect(errorOf(await revoke(body)), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    expect((await taxDebts(token.value)).status).toBe(200);
  });

  it('answers only DELETE on that path', async () => {
    const token = await smsToken();
    expect(
      (await revoke({ token: token.value, token_type: 'CODE', auth_type: 'SMS' }, { method: 'POST' })).status,
    ).toBe(404);
    expect((await taxDebts(token.value)).status).toBe(200);
  });
});
