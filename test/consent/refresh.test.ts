/** Keeping a consent alive: refresh before expiry (single flight), renewal when the upstream rejects the token. */
import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from '../helpers/harness.js';
import {
  COMPLETE_CODE,
  PEOPLE,
  START_CODE,
  TAX_DEBTS,
  TRANSFER_SCOPE,
  browserLogin,
  errorCode,
  smsConsent,
  withHandle,
  type TaxDebtsData,
} from './support.js';
import { at, dataOf, present } from '../helpers/responses.js';

const refreshCalls = (h: Harness) =>
  h.sandbox.calls('token').filter((call) => (call.body as { grant_type?: string }).grant_type === 'refresh_token');

describe('a consent whose token is close to expiry', () => {
  // Tokens live 60 s, less than the 5-minute refresh margin: every use finds the token due for renewal.
  const h = useHarness({ sandbox: { tokenLifetimeMs: 60_000 } });

  it('is renewed with the refresh grant (token_type CODE, auth_type SMS) before the call', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.clearCalls();
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).person.taxDebts, 'person.taxDebts').length).toBeGreaterThan(0);

    const calls = h.sandbox.calls();
    expect(calls.map((call) => [call.operationId, call.status])).toEqual([
      ['token', 200],
      ['kycSmsTaxInquiryGet', 200],
    ]);
    expect(at(calls, 0).body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: expect.any(String),
      token_type: 'CODE',
      auth_type: 'SMS',
    });
    expect(calls[1]).toMatchObject({ tokenType: 'CODE', tokenUserId: PEOPLE.ali });

    // The next renewal spends the new refresh token: the sandbox would refuse a spent one.
    h.sandbox.clearCalls();
    expect((await h.gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle))).errors).toBeUndefined();
    expect(refreshCalls(h).map((call) => call.status)).toEqual([200]);
  });

  it('is renewed once however many requests find it due at the same time', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.clearCalls();
    h.sandbox.injectFault({ operationId: 'token', delayMs: 150 });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle))),
    );
    for (const res of results) expect(res.errors).toBeUndefined();
    expect(refreshCalls(h)).toHaveLength(1);
    expect(h.upstreamCalls('kycSmsTaxInquiryGet').map((call) => call.status)).toEqual([200, 200, 200, 200]);
  });

  it('keeps using the current token when a renewal fails but the token is still valid', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.clearCalls();
    h.sandbox.injectFault({ operationId: 'token', status: 503 });
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(res.errors).toBeUndefined();
    expect(refreshCalls(h).map((call) => call.status)).toEqual([503]);
    expect(h.upstreamCalls('kycSmsTaxInquiryGet').map((call) => call.status)).toEqual([200]);
  });

  it('renews a code consent with its bank instead of auth_type', async () => {
    const start = await h.gql<{ startCodeConsent: { consentId: string; authorizeUrl: string } }>(START_CODE, {
      input: { nationalId: PEOPLE.reza, bank: '057', scopes: [TRANSFER_SCOPE] },
    });
    const { consentId, authorizeUrl } = dataOf(start).startCodeConsent;
    const login = await browserLogin(authorizeUrl, { nid: PEOPLE.reza, password: PEOPLE.reza, decision: 'allow' });
    const done = await h.gql<{ completeCodeConsent: { handle: string } }>(COMPLETE_CODE, {
      input: { consentId, code: present(login.location, 'login.location').searchParams.get('code') },
    });
    const { handle } = dataOf(done).completeCodeConsent;
    h.sandbox.clearCalls();
    // No field uses the web grant yet (transfers are not in the graph): ask the consent service directly.
    await h.server.services.consents.tokenFor(handle, {
      operationId: 'oakTransferToDepositPost',
      scope: TRANSFER_SCOPE,
      grant: 'authorization_code',
      subject: PEOPLE.reza,
    });
    expect(refreshCalls(h).map((call) => [call.status, call.body])).toEqual([
      [200, { grant_type: 'refresh_token', refresh_token: expect.any(String), token_type: 'CODE', bank: '057' }],
    ]);
  });
});

describe('a consent whose token the upstream rejects', () => {
  const h = useHarness();

  it('is renewed once with the refresh grant and the call is sent again with a new trackId', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.revokeAllTokens();
    h.sandbox.clearCalls();
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).person.taxDebts, 'person.taxDebts').length).toBeGreaterThan(0);
    const calls = h.sandbox.calls();
    expect(calls.map((call) => [call.operationId, call.status])).toEqual([
      ['kycSmsTaxInquiryGet', 401],
      ['token', 200],
      ['kycSmsTaxInquiryGet', 200],
    ]);
    expect(at(calls, 1).body).toMatchObject({ grant_type: 'refresh_token', token_type: 'CODE', auth_type: 'SMS' });
    expect(at(calls, 0).trackId).not.toBe(at(calls, 2).trackId);

    // The renewed token is kept: the next request needs no renewal.
    h.sandbox.clearCalls();
    await h.gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(h.sandbox.calls().map((call) => call.operationId)).toEqual(['kycSmsTaxInquiryGet']);
  });

  it('is dropped with UNAUTHENTICATED when the upstream refuses to renew it', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.revokeAllTokens();
    h.sandbox.injectFault({ operationId: 'token', status: 400 });
    h.sandbox.clearCalls();
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(errorCode(res)).toBe('UNAUTHENTICATED');
    expect(h.sandbox.calls().map((call) => [call.operationId, call.status])).toEqual([
      ['kycSmsTaxInquiryGet', 401],
      ['token', 400],
    ]);
    expect(errorCode(await h.gql(`{ consent { nationalId } }`, undefined, withHandle(handle)))).toBe('UNAUTHENTICATED');
  });

  it('is not renewed twice when the renewed token is rejected too', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.clearCalls();
    h.sandbox.injectFault({ operationId: 'kycSmsTaxInquiryGet', status: 401, times: 2 });
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(errorCode(res)).toBe('UPSTREAM_REJECTED');
    expect(h.sandbox.calls().map((call) => [call.operationId, call.status])).toEqual([
      ['kycSmsTaxInquiryGet', 401],
      ['token', 200],
      ['kycSmsTaxInquiryGet', 401],
    ]);
  });
});
