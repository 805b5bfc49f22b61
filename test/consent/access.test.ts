/** Who may use which consent: the rules checked before any upstream call, and the sandbox's own checks. */
import { beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/datasources/upstream/operations.js';
import { useHarness } from '../helpers/harness.js';
import { basicAuth, issueToken } from '../sandbox/support.js';
import {
  NID_VERIFICATION_SCOPE,
  PEOPLE,
  TAX_DEBTS,
  TAX_SCOPE,
  errorCode,
  smsConsent,
  withHandle,
  type TaxDebtsData,
} from './support.js';
import { dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();
let aliHandle: string;
beforeAll(async () => {
  aliHandle = await smsConsent(h.gql, PEOPLE.ali);
});

describe('a field that needs a consent', () => {
  it('fails with CONSENT_REQUIRED naming the scope and grant when no handle is presented, without an upstream call', async () => {
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali });
    expect(res.errors).toHaveLength(1);
    expect(firstError(res)).toMatchObject({
      path: ['person', 'taxDebts'],
      extensions: { code: 'CONSENT_REQUIRED', scope: TAX_SCOPE, grant: 'authorization_sms' },
    });
    expect(firstError(res).message).toContain('startSmsConsent');
    expect(res.data).toEqual({ person: { nationalId: PEOPLE.ali, taxDebts: null } });
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it('fails with FORBIDDEN for a consent of another person, without an upstream call', async () => {
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.reza }, withHandle(aliHandle));
    expect(errorCode(res)).toBe('FORBIDDEN');
    expect(partialDataOf(res).person.taxDebts).toBeNull();
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it.each([
    ['an unknown handle', 'x'.repeat(43)],
    ['a handle with one character changed', null],
  ])('fails with UNAUTHENTICATED for %s', async (_, given) => {
    const handle = given ?? `${aliHandle.slice(0, -1)}${aliHandle.endsWith('A') ? 'B' : 'A'}`;
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(errorCode(res)).toBe('UNAUTHENTICATED');
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it('fails with CONSENT_REQUIRED for a consent that lacks the scope', async () => {
    const other = await smsConsent(h.gql, PEOPLE.ali, [NID_VERIFICATION_SCOPE]);
    h.sandbox.clearCalls();
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(other));
    expect(firstError(res).extensions).toMatchObject({
      code: 'CONSENT_REQUIRED',
      scope: TAX_SCOPE,
      grant: 'authorization_sms',
    });
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it('leaves fields that need no consent alone, whatever handle is presented', async () => {
    const res = await h.gql<{ person: { nationalId: string } }>(
      `{ person(nationalId: "${PEOPLE.reza}") { nationalId } }`,
      undefined,
      withHandle('nonsense'),
    );
    expect(res).toMatchObject({ data: { person: { nationalId: PEOPLE.reza } } });
    expect(res.errors).toBeUndefined();
  });

  it('asks the upstream once per person however many times the field is asked for', async () => {
    const res = await h.gql<Record<string, { taxDebts: unknown[] }>>(
      `query($a: String!) {
        one: person(nationalId: $a) { taxDebts { amount } }
        two: person(nationalId: $a) { taxDebts { period status } }
      }`,
      { a: PEOPLE.ali },
      withHandle(aliHandle),
    );
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).one, 'one').taxDebts).toHaveLength(present(dataOf(res).two, 'two').taxDebts.length);
    expect(h.upstreamCalls('kycSmsTaxInquiryGet')).toHaveLength(1);
  });

  it('reuses the consent token across requests: no token call after the first grant', async () => {
    await h.gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(aliHandle));
    await h.gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(aliHandle));
    expect(h.upstreamCalls('kycSmsTaxInquiryGet')).toHaveLength(2);
    expect(h.sandbox.calls('token')).toHaveLength(0);
  });
});

describe('the sandbox enforces the user grants itself', () => {
  const taxUrl = (nationalCode: string) =>
    `${h.sandbox.url}${operation('kycSmsTaxInquiryGet').path.replace('{clientId}', h.sandbox.options.clientId)}?nationalCode=${nationalCode}`;

  /** A CODE token for `nid` obtained straight from the sandbox's SMS endpoints. */
  async function codeToken(nid: string): Promise<string> {
    const auth = { authorization: basicAuth(h.sandbox.options.clientId, h.sandbox.options.clientSecret) };
    const query = new URLSearchParams({
      client_id: h.sandbox.options.clientId,
      response_type: 'code',
      redirect_uri: 'https://app.example/cb',
      scope: TAX_SCOPE,
      mobile: '09121234567',
      auth_type: 'SMS',
    });
    const sent = (await (
      await fetch(`${h.sandbox.url}/dev/v2/oauth2/authorize?${query}`, { headers: auth })
    ).json()) as { result: { smsSent: boolean; trackId: string } };
    expect(sent.result.smsSent).toBe(true);
    const verified = (await (
      await fetch(`${h.sandbox.url}/dev/v2/oauth2/verify/sms`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: '09121234567', otp: '12345', nid, trackId: sent.result.trackId }),
      })
    ).json()) as { result: { code: string } };
    const token = (await (
      await fetch(`${h.sandbox.url}/dev/v2/oauth2/token`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          code: verified.result.code,
          auth_type: 'SMS',
          redirect_uri: 'https://app.example/cb',
        }),
      })
    ).json()) as { result: Record<string, unknown> };
    expect(token.result).toMatchObject({
      type: 'CODE',
      auth_type: 'SMS',
      userId: nid,
      scopes: [TAX_SCOPE],
      lifeTime: 864_000_000,
    });
    return token.result['value'] as string;
  }

  it('refuses a client-credentials token for an SMS operation, even one carrying its scope', async () => {
    const cc = await issueToken(h.sandbox, [TAX_SCOPE]);
    const response = await fetch(taxUrl(PEOPLE.ali), { headers: { authorization: `Bearer ${cc.value}` } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: unknown }).error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'invalid token type',
    });
  });

  it("answers 200 for the token owner's national id and 403 for anyone else's", async () => {
    const token = await codeToken(PEOPLE.ali);
    const own = await fetch(taxUrl(PEOPLE.ali), { headers: { authorization: `Bearer ${token}` } });
    expect(own.status).toBe(200);
    const other = await fetch(taxUrl(PEOPLE.reza), { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  it('refuses a CODE token for a client-credentials operation', async () => {
    const token = await codeToken(PEOPLE.ali);
    const url = `${h.sandbox.url}/billing/v2/clients/${h.sandbox.options.clientId}/billingInquiry?type=Tel&parameter=02177689361`;
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
