/**
 * A workload of consents (SMS and code), inquiries, a transfer, a cheque, refusals, upstream faults
 * and a subscription, with the process's own logger (its redaction) at level trace. Every response and
 * every log line is then scanned: no secret (client secret, Basic credentials, router secret, upstream
 * tokens, refresh tokens, authorization codes, OTPs) anywhere; a consent handle only in the answer
 * that granted it; and no raw identifier of the people involved (national id, mobile, IBAN, card or
 * account number) and no Authorization header in any log line.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import {
  startSandbox,
  type Sandbox,
  CLIENT_PERSON,
  JOINT_HOLDER,
  THREE_BANKS,
  WOMAN,
  accountsOf,
} from '../fixtures/sandbox.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { DRAWER_BANK, ISSUE_SCOPE, RESULT as CHEQUE_RESULT, issueInput } from '../cheques/support.js';
import {
  COMPLETE_SMS,
  PEOPLE,
  SANDBOX_OTP_VALUE,
  START_SMS,
  TAX_DEBTS,
  TAX_SCOPE,
  codeConsent,
} from '../consent/support.js';
import { postGraphQL, subgraphEnv, type GraphQLResponse } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { collect } from '../helpers/subscriptions.js';
import { startTamperingProxy, type TamperingProxy } from '../helpers/tamperingProxy.js';
import { dataOf, present } from '../helpers/responses.js';

const CLIENT_SECRET = 'workload-client-secret-5b1d9e';
const ROUTER_SECRET = 'workload-router-secret-c47a02f3';
const WRONG_OTP = 'Q7Z9K';

let sandbox: Sandbox;
let proxy: TamperingProxy;
let server: RunningServer;
const lines: string[] = [];
/** Every response body, with the handles it carried (so a handle may appear in its own grant only). */
const responses: string[] = [];
const handles: string[] = [];
/** What the upstream handed out: access and refresh tokens, authorization codes. */
const issued = new Set<string>();

async function gql<T = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const res = await postGraphQL<T>(server.url, query, variables, { 'router-authorization': ROUTER_SECRET, ...headers });
  responses.push(JSON.stringify(res));
  return res;
}
const asConsent = (handle: string) => ({ 'x-consent-handle': handle });

async function smsConsentOf(nationalId: string, mobile: string): Promise<string> {
  const start = await gql<{ startSmsConsent: { consentId: string } }>(START_SMS, {
    input: { nationalId, mobile, scopes: [TAX_SCOPE] },
  });
  const consentId = dataOf(start).startSmsConsent.consentId;
  await gql(COMPLETE_SMS, { input: { consentId, otp: WRONG_OTP } });
  const done = await gql<{ completeSmsConsent: { __typename: string; handle: string } }>(COMPLETE_SMS, {
    input: { consentId, otp: SANDBOX_OTP_VALUE },
  });
  expect(dataOf(done).completeSmsConsent.__typename).toBe('ConsentGranted');
  handles.push(dataOf(done).completeSmsConsent.handle);
  return dataOf(done).completeSmsConsent.handle;
}

/** A code consent through the shared helper, its answers kept like every other response. */
async function codeConsentOf(nationalId: string, bank: string, scopes: string[]): Promise<string> {
  const handle = await codeConsent(gql, nationalId, bank, scopes);
  handles.push(handle);
  return handle;
}

const sepah = accountsOf(THREE_BANKS.nationalId).filter((account) => account.bank.code === '062');
const source = present(
  sepah.find((account) => account.iban === 'IR760620062000301235200542'),
  'source',
);
const destination = present(
  sepah.find((account) => account.iban === 'IR330620025360301235200501'),
  'destination',
);

beforeAll(async () => {
  // Short tokens: renewals, so refresh tokens travel too.
  sandbox = await startSandbox({ clientSecret: CLIENT_SECRET, tokenLifetimeMs: 60_000, asyncDelayMs: 100 });
  proxy = await startTamperingProxy(sandbox.url);
  proxy.rewrite = (_request, answer) => {
    const result = (answer as { result?: Record<string, unknown> }).result;
    for (const key of ['value', 'refreshToken', 'code'] as const) {
      const value = result?.[key];
      if (typeof value === 'string' && value.length >= 8) issued.add(value);
    }
    return undefined;
  };
  const logger = createLogger(
    'trace',
    new Writable({ write: (chunk: Buffer, _encoding, done) => void (lines.push(chunk.toString('utf8')), done()) }),
  );
  server = await startServer(
    loadConfig({
      ...subgraphEnv(sandbox),
      UPSTREAM_BASE_URL: proxy.url,
      ROUTER_SECRET,
      LOG_LEVEL: 'trace',
      UPSTREAM_TIMEOUT_MS: '500',
      UPSTREAM_RETRY_ATTEMPTS: '1',
    }),
    { logger },
  );

  // Consents: SMS (a wrong OTP first), and the web grant for a transfer and for a cheque.
  const sms = await smsConsentOf(CLIENT_PERSON.nationalId, CLIENT_PERSON.mobile);
  await gql(TAX_DEBTS, { nid: CLIENT_PERSON.nationalId }, asConsent(sms));
  await gql(TAX_DEBTS, { nid: WOMAN.nationalId }, asConsent(sms));
  await gql(`{ consent { nationalId mobile scopes } }`, undefined, asConsent(sms));
  const transferConsent = await codeConsentOf(THREE_BANKS.nationalId, '062', ['oak:transfer-to:execute']);
  const chequeConsent = await codeConsentOf(THREE_BANKS.nationalId, DRAWER_BANK, [ISSUE_SCOPE]);

  // Inquiries.
  await gql(
    `query($n: String!, $b: String!, $m: String!) { person(nationalId: $n) { identity(birthDate: $b) { firstName lastName } ownsMobile(mobile: $m) } }`,
    {
      n: WOMAN.nationalId,
      b: WOMAN.birthDate,
      m: WOMAN.mobile,
    },
  );
  await gql(`query($c: String!) { card(number: $c) { holderName iban } }`, { c: CLIENT_PERSON.account.card });
  await gql(`query($i: String!) { account(iban: $i) { holders { fullName } } }`, { i: JOINT_HOLDER.account.iban });
  await gql(`query($p: String!) { postalAddress(postalCode: $p) { province street } }`, { p: WOMAN.postalCode });
  await gql(`{ vehicle(plateNumber: "123312345") { plate { letter kind } } }`);

  // A transfer and a cheque.
  const transfer = await gql(
    `mutation($input: TransferInput!) { transfer(input: $input) { __typename ... on TransferCompleted { receipt { amount trackId } } } }`,
    {
      input: {
        idempotencyKey: randomUUID(),
        nationalId: THREE_BANKS.nationalId,
        sourceAccountNumber: source.deposit,
        destination: destination.deposit,
        amount: '150000',
        description: 'قسط',
        // Ayandeh (062) sources require a payment id and a purpose code.
        paymentNumber: '1234567',
        reasonDescription: '1',
      },
    },
    asConsent(transferConsent),
  );
  expect(transfer.data, JSON.stringify(transfer)).toMatchObject({ transfer: { __typename: 'TransferCompleted' } });
  const cheque = await gql(
    `mutation($input: IssueChequeInput!) { issueCheque(input: $input) { ${CHEQUE_RESULT} } }`,
    { input: issueInput(1, [WOMAN.nationalId]) },
    asConsent(chequeConsent),
  );
  expect(cheque.data, JSON.stringify(cheque)).toMatchObject({ issueCheque: { __typename: 'ChequeActionCompleted' } });

  // Refusals: bad input, a consent of another person, no consent, a wrong router secret.
  await gql(`{ person(nationalId: "1234567891") { identity(birthDate: "1369/03/22") { firstName } } }`);
  await gql(`query($c: String!) { card(number: $c) { holderName } }`, {
    c: `${CLIENT_PERSON.account.card.slice(0, 15)}0`,
  });
  await gql(TAX_DEBTS, { nid: WOMAN.nationalId });
  await gql(`mutation($input: StartSmsConsentInput!) { startSmsConsent(input: $input) { __typename } }`, {
    input: { nationalId: WOMAN.nationalId, mobile: '0912', scopes: [TAX_SCOPE] },
  });
  await gql(`{ __typename }`, undefined, { 'router-authorization': 'not-the-router-secret-at-all' });

  // Upstream faults: 5xx, a cut connection, a timeout, tokens the upstream stopped honouring.
  const card = `query($c: String!) { card(number: $c) { holderName } }`;
  sandbox.injectFault({ operationId: 'mpgCardInformationGet', status: 503 });
  await gql(card, { c: WOMAN.account.card });
  sandbox.injectFault({ operationId: 'mpgCardInformationGet', reset: true });
  await gql(card, { c: WOMAN.account.card });
  sandbox.injectFault({ operationId: 'mpgCardInformationGet', delayMs: 800 });
  await gql(card, { c: THREE_BANKS.account.card });
  sandbox.revokeAllTokens();
  await gql(card, { c: JOINT_HOLDER.account.card });
  await gql(TAX_DEBTS, { nid: CLIENT_PERSON.nationalId }, asConsent(sms));

  // A subscription to an asynchronous bill inquiry, over graphql-ws with the consent handle.
  const started = await gql<{ startBillInquiry: { id: string } }>(
    `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id } }`,
    {
      input: { type: 'MOBILE', parameter: samples.mtnMobile, secondParameter: 'MTN' },
    },
  );
  const client = createClient({
    url: server.url.replace('http', 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { routerSecret: ROUTER_SECRET, consentHandle: sms },
  });
  const events = await collect(
    client,
    `subscription($id: ID!) { jobUpdated(id: $id) { id status ... on BillInquiryJob { bill { amount } } } }`,
    {
      id: dataOf(started).startBillInquiry.id,
    },
  );
  responses.push(JSON.stringify(events));
  await client.dispose();

  await gql(`mutation { revokeConsent { nationalId } }`, undefined, asConsent(transferConsent));
  // A revoked handle presented again.
  await gql(`{ consent { nationalId } }`, undefined, asConsent(transferConsent));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await sandbox?.close();
});

/** The raw identifiers of everyone the workload touched. */
function identifiers(): string[] {
  const people = [CLIENT_PERSON, WOMAN, JOINT_HOLDER, THREE_BANKS];
  return [
    ...people.flatMap((person) => [
      person.nationalId,
      person.mobile,
      person.account.iban,
      person.account.card,
      person.account.deposit,
    ]),
    PEOPLE.sara,
    source.iban,
    source.deposit,
    destination.iban,
    destination.deposit,
    samples.mtnMobile,
  ];
}

const basicCredentials = () => Buffer.from(`${sandbox.options.clientId}:${CLIENT_SECRET}`).toString('base64');

describe('a workload scanned for secrets', () => {
  it('exercised what the scan looks for (so the scan can fail)', () => {
    expect(issued.size).toBeGreaterThanOrEqual(10);
    expect(handles).toHaveLength(3);
    const grants = sandbox.calls('token').map((call) => (call.body as { grant_type: string }).grant_type);
    expect(grants).toEqual(expect.arrayContaining(['client_credentials', 'authorization_code', 'refresh_token']));
    expect(sandbox.calls('verifySms').map((call) => call.status)).toEqual([400, 200]);
    expect(sandbox.appliedTransfers()).toHaveLength(1);
    expect(sandbox.appliedSayadSteps()).toHaveLength(1);
    expect(responses.some((text) => text.includes('"SUCCESS"') && text.includes('jobUpdated'))).toBe(true);
    for (const code of [
      'BAD_USER_INPUT',
      'CONSENT_REQUIRED',
      'UNAUTHENTICATED',
      'UPSTREAM_UNAVAILABLE',
      'UPSTREAM_TIMEOUT',
    ]) {
      expect(
        responses.some((text) => text.includes(`"${code}"`)),
        code,
      ).toBe(true);
    }
    // Logs at trace: the upstream calls, the consents, the jobs.
    for (const message of [
      '"upstream call"',
      '"upstream call failed"',
      '"consent granted"',
      '"consent OTP rejected"',
      '"consent revoked"',
    ]) {
      expect(
        lines.some((line) => line.includes(message)),
        message,
      ).toBe(true);
    }
  });

  it('no client secret, Basic credentials, router secret, upstream token, refresh token or code in any response or log line', () => {
    const secrets = [CLIENT_SECRET, basicCredentials(), ROUTER_SECRET, ...issued];
    for (const text of [...responses, ...lines]) {
      for (const secret of secrets)
        expect(text.includes(secret), `a secret leaked in ${text.slice(0, 500)}`).toBe(false);
    }
  });

  it('no OTP, right or wrong, in any response or log line', () => {
    const otp = new RegExp(`(^|[^0-9])${SANDBOX_OTP_VALUE}([^0-9]|$)`);
    for (const text of [...responses, ...lines]) {
      expect(otp.test(text), text.slice(0, 500)).toBe(false);
      expect(text.includes(WRONG_OTP), text.slice(0, 500)).toBe(false);
    }
  });

  it('a consent handle only in the answer that granted it, and in no log line', () => {
    for (const handle of handles) {
      expect(responses.filter((text) => text.includes(handle))).toHaveLength(1);
      for (const line of lines) expect(line.includes(handle), line).toBe(false);
    }
  });

  it('no Authorization header and no raw identifier of the people involved in any log line', () => {
    const ids = identifiers();
    for (const line of lines) {
      expect(/\b(Bearer|Basic)\s+[A-Za-z0-9+/=_-]{8,}/.test(line), line).toBe(false);
      for (const id of ids) expect(line.includes(id), `${id} in ${line.slice(0, 500)}`).toBe(false);
    }
  });
});
