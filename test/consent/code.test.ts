/** The authorization-code (web) consent: authorize URL, the sandbox's login page, the redirect, the token. */
import { describe, expect, it } from 'vitest';
import { THREE_BANKS, accountsOf } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import {
  COMPLETE_CODE,
  PEOPLE,
  START_CODE,
  TAX_SCOPE,
  TRANSFER_SCOPE,
  browserLogin,
  codeConsent,
  errorCode,
  withHandle,
} from './support.js';
import { at, dataOf, extensionsOf, firstError, present } from '../helpers/responses.js';

const h = useHarness({ env: { UPSTREAM_REDIRECT_URI: 'https://app.example/consent/done' } });

interface Challenge {
  __typename: string;
  consentId: string;
  authorizeUrl: string;
  state: string;
  expiresAt: string;
}

async function startCode(nationalId: string, bank = '062', scopes = [TRANSFER_SCOPE]): Promise<Challenge> {
  const res = await h.gql<{ startCodeConsent: Challenge }>(START_CODE, { input: { nationalId, bank, scopes } });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return dataOf(res).startCodeConsent;
}

interface Completed {
  completeCodeConsent: {
    __typename: string;
    handle?: string;
    nationalId?: string;
    grant?: string;
    scopes?: string[];
    code?: string;
  };
}

describe('authorization-code consent', () => {
  it('builds the authorize URL locally, and completes with the code of the redirect', async () => {
    const before = Date.now();
    const challenge = await startCode(PEOPLE.ali);
    expect(h.sandbox.calls()).toHaveLength(0);
    expect(challenge.__typename).toBe('CodeConsentChallenge');
    expect(Date.parse(challenge.expiresAt) - before).toBeGreaterThan(590_000);
    const url = new URL(challenge.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.sandbox.url}/dev/v2/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: h.sandbox.options.clientId,
      response_type: 'code',
      redirect_uri: 'https://app.example/consent/done',
      scope: TRANSFER_SCOPE,
      bank: '062',
      state: challenge.state,
    });

    const login = await browserLogin(challenge.authorizeUrl, {
      nid: PEOPLE.ali,
      password: PEOPLE.ali,
      decision: 'allow',
    });
    expect(login.status).toBe(302);
    const location = present(login.location, 'the redirect after the login');
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example/consent/done');
    expect(location.searchParams.get('state')).toBe(challenge.state);
    const code = present(location.searchParams.get('code'), 'the code');
    expect(code).toMatch(/^\S{16}$/);

    const done = await h.gql<Completed>(COMPLETE_CODE, {
      input: { consentId: challenge.consentId, code, state: challenge.state },
    });
    expect(done.errors).toBeUndefined();
    expect(dataOf(done).completeCodeConsent).toMatchObject({
      __typename: 'ConsentGranted',
      nationalId: PEOPLE.ali,
      grant: 'AUTHORIZATION_CODE',
      scopes: [TRANSFER_SCOPE],
    });
    const token = at(h.sandbox.calls('token'), 0);
    expect(token.body).toEqual({
      grant_type: 'authorization_code',
      code,
      bank: '062',
      redirect_uri: 'https://app.example/consent/done',
    });

    const handle = present(dataOf(done).completeCodeConsent.handle, 'handle');
    const consent = await h.gql<{ consent: Record<string, unknown> }>(
      `{ consent { nationalId person { nationalId } grant bank mobile scopes } }`,
      undefined,
      withHandle(handle),
    );
    expect(dataOf(consent).consent).toEqual({
      nationalId: PEOPLE.ali,
      person: { nationalId: PEOPLE.ali },
      grant: 'AUTHORIZATION_CODE',
      bank: '062',
      mobile: null,
      scopes: [TRANSFER_SCOPE],
    });

    // A web consent is not an SMS consent: the SMS-only field still asks for one.
    const tax = await h.gql(
      `{ person(nationalId: "${PEOPLE.ali}") { taxDebts { amount } } }`,
      undefined,
      withHandle(handle),
    );
    expect(firstError(tax).extensions).toMatchObject({
      code: 'CONSENT_REQUIRED',
      scope: TAX_SCOPE,
      grant: 'authorization_sms',
    });
  });

  it('lists the accounts the person authorized, as the token gave them, each resolved at the consent’s bank', async () => {
    const handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
    const ayandeh = accountsOf(THREE_BANKS.nationalId).filter((account) => account.bank.code === '062');
    const token = at(h.sandbox.calls('token'), -1);
    expect(token.answer).toMatchObject({ result: { deposits: ayandeh.map((account) => account.deposit) } });
    h.sandbox.clearCalls();
    const numbers = await h.gql<{ consent: { accountNumbers: string[] } }>(
      `{ consent { accountNumbers } }`,
      undefined,
      withHandle(handle),
    );
    expect(dataOf(numbers).consent.accountNumbers).toEqual(ayandeh.map((account) => account.deposit));
    // The numbers are kept with the consent: no upstream call.
    expect(h.sandbox.calls()).toEqual([]);
    const accounts = await h.gql<{ consent: { accounts: Array<{ iban: string; accountNumber: string }> } }>(
      `{ consent { accounts { iban accountNumber } } }`,
      undefined,
      withHandle(handle),
    );
    expect(accounts.errors).toBeUndefined();
    expect(dataOf(accounts).consent.accounts).toEqual(
      ayandeh.map((account) => ({ iban: account.iban, accountNumber: account.deposit })),
    );
    // One conversion of each number to its IBAN, nothing else.
    expect(h.upstreamCalls().map((call) => call.operationId)).toEqual(ayandeh.map(() => 'facilityDepositToIbanGet'));
  });

  it('fails with FORBIDDEN when someone else signs in, and keeps no consent', async () => {
    const challenge = await startCode(PEOPLE.ali);
    const login = await browserLogin(challenge.authorizeUrl, {
      nid: PEOPLE.reza,
      password: PEOPLE.reza,
      decision: 'allow',
    });
    const code = present(present(login.location, 'login.location').searchParams.get('code'), 'code');
    const res = await h.gql<Completed>(COMPLETE_CODE, { input: { consentId: challenge.consentId, code } });
    expect(errorCode(res)).toBe('FORBIDDEN');
    // The mutation field alone is null: a mutation's failure never nulls the rest of `data`.
    expect(res.data).toEqual({ completeCodeConsent: null });
    expect(h.sandbox.calls('token').map((call) => call.status)).toEqual([200]);
    const again = await h.gql<Completed>(COMPLETE_CODE, { input: { consentId: challenge.consentId, code } });
    expect(dataOf(again).completeCodeConsent.__typename).toBe('ConsentExpired');
  });

  it('shows the login page again for a wrong password, and redirects with access_denied on deny', async () => {
    const challenge = await startCode(PEOPLE.ali);
    const wrong = await browserLogin(challenge.authorizeUrl, { nid: PEOPLE.ali, password: 'guess', decision: 'allow' });
    expect(wrong.status).toBe(401);
    expect(wrong.location).toBeNull();
    expect(wrong.page).toContain('Wrong national id or password.');

    const denied = await browserLogin(challenge.authorizeUrl, {
      nid: PEOPLE.ali,
      password: PEOPLE.ali,
      decision: 'deny',
    });
    expect(denied.status).toBe(302);
    const deniedAt = present(denied.location, 'the redirect after the refusal');
    expect(deniedAt.searchParams.get('error')).toBe('access_denied');
    expect(deniedAt.searchParams.get('code')).toBeNull();
  });

  it('answers a code the upstream does not know with InvalidAuthorizationCode', async () => {
    const challenge = await startCode(PEOPLE.ali);
    const res = await h.gql<Completed>(COMPLETE_CODE, {
      input: { consentId: challenge.consentId, code: 'notARealCode1234' },
    });
    expect(dataOf(res).completeCodeConsent).toMatchObject({
      __typename: 'InvalidAuthorizationCode',
      code: 'INVALID_CODE',
    });
    expect(h.sandbox.calls('token').map((call) => call.status)).toEqual([400]);
  });

  it('refuses a state that is not the consent’s before exchanging the code', async () => {
    const challenge = await startCode(PEOPLE.ali);
    const res = await h.gql(COMPLETE_CODE, { input: { consentId: challenge.consentId, code: 'abc', state: 'forged' } });
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(firstError(res))['argumentPath']).toBe('input.state');
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it.each([
    ['an SMS scope', { bank: '062', scopes: [TAX_SCOPE] }, 'input.scopes'],
    ['a bank code of two digits', { bank: '62', scopes: [TRANSFER_SCOPE] }, 'input.bank'],
  ])('refuses %s with BAD_USER_INPUT', async (_, input, path) => {
    const res = await h.gql(START_CODE, { input: { nationalId: PEOPLE.ali, ...input } });
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(firstError(res))['argumentPath']).toBe(path);
  });
});
