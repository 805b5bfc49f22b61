/** Shared helpers of the consent tests: GraphQL documents, the consent flows, a browser stand-in. */
import { pino } from 'pino';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../fixtures/sandbox.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { GraphQLResponse, Harness } from '../helpers/harness.js';
import { startTamperingProxy } from '../helpers/tamperingProxy.js';
import { dataOf, firstError } from '../helpers/responses.js';

export const TAX_SCOPE = 'kyc:sms-tax-Inquiry:get';
/** Another scope under the SMS grant. */
export const NID_VERIFICATION_SCOPE = 'kyc:sms-nid-verification:get';
/** A scope under the authorization-code grant. */
export const TRANSFER_SCOPE = 'oak:transfer-to:execute';

/** National ids that pass their checksum. */
export const PEOPLE = {
  ali: '0499370899',
  sara: '0084575948',
  reza: '2876543109',
} as const;
export const MOBILE = '09121234567';
export const SANDBOX_OTP_VALUE = '12345';

export const START_SMS = `mutation($input: StartSmsConsentInput!) {
  startSmsConsent(input: $input) {
    __typename
    ... on SmsConsentChallenge { consentId mobile expiresAt }
    ... on UserError { code message }
    ... on ConsentRefused { upstreamCode }
  }
}`;

export const COMPLETE_SMS = `mutation($input: CompleteSmsConsentInput!) {
  completeSmsConsent(input: $input) {
    __typename
    ... on ConsentGranted { handle nationalId grant scopes expiresAt }
    ... on UserError { code message }
    ... on InvalidOtp { attemptsLeft }
  }
}`;

export const START_CODE = `mutation($input: StartCodeConsentInput!) {
  startCodeConsent(input: $input) { __typename ... on CodeConsentChallenge { consentId authorizeUrl state expiresAt } }
}`;

export const COMPLETE_CODE = `mutation($input: CompleteCodeConsentInput!) {
  completeCodeConsent(input: $input) {
    __typename
    ... on ConsentGranted { handle nationalId grant scopes expiresAt }
    ... on UserError { code message }
  }
}`;

export const TAX_DEBTS = `query($nid: String!) {
  person(nationalId: $nid) { nationalId taxDebts { taxType period amount dueDate { jalali iso } status } }
}`;

export interface TaxDebtsData {
  person: {
    nationalId: string;
    taxDebts: Array<{
      taxType: string;
      period: string;
      amount: string;
      dueDate: { jalali: string; iso: string };
      status: string;
    }> | null;
  };
}

export type Gql = Harness['gql'];

export const withHandle = (handle: string) => ({ 'x-consent-handle': handle });

/** The `extensions.code` of the first error, failing the test when there is none. */
export function errorCode(res: GraphQLResponse<unknown>): unknown {
  expect(res.errors, JSON.stringify(res)).toBeDefined();
  return firstError(res).extensions?.['code'];
}

/** Starts an SMS consent and returns the challenge's consent id. */
export async function startSms(
  gql: Gql,
  nationalId: string,
  scopes: string[] = [TAX_SCOPE],
  mobile = MOBILE,
): Promise<string> {
  const res = await gql<{ startSmsConsent: { __typename: string; consentId: string } }>(START_SMS, {
    input: { nationalId, mobile, scopes },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(dataOf(res).startSmsConsent.__typename).toBe('SmsConsentChallenge');
  return dataOf(res).startSmsConsent.consentId;
}

/** A whole SMS consent with the sandbox OTP; returns the handle. */
export async function smsConsent(gql: Gql, nationalId: string, scopes: string[] = [TAX_SCOPE]): Promise<string> {
  const consentId = await startSms(gql, nationalId, scopes);
  const res = await gql<{ completeSmsConsent: { __typename: string; handle: string } }>(COMPLETE_SMS, {
    input: { consentId, otp: SANDBOX_OTP_VALUE },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(dataOf(res).completeSmsConsent.__typename).toBe('ConsentGranted');
  return dataOf(res).completeSmsConsent.handle;
}

/** An authorization-code consent of `nationalId` at `bank`, through the sandbox's login page; its handle. */
export async function codeConsent(
  gql: Gql,
  nationalId: string,
  bank: string,
  scopes: string[] = [TRANSFER_SCOPE],
): Promise<string> {
  const started = await gql<{ startCodeConsent: { consentId: string; authorizeUrl: string; state: string } }>(
    START_CODE,
    { input: { nationalId, bank, scopes } },
  );
  expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
  const { consentId, authorizeUrl, state } = dataOf(started).startCodeConsent;
  const login = await browserLogin(authorizeUrl, { nid: nationalId, password: nationalId, decision: 'allow' });
  const code = login.location?.searchParams.get('code');
  expect(code).toBeTruthy();
  const done = await gql<{ completeCodeConsent: { __typename: string; handle: string } }>(COMPLETE_CODE, {
    input: { consentId, code, state },
  });
  expect(done.data?.completeCodeConsent.__typename, JSON.stringify(done)).toBe('ConsentGranted');
  return dataOf(done).completeCodeConsent.handle;
}

/**
 * What a browser does on the sandbox's authorization page: load it, post the login form, and read
 * the redirect (not followed) back to the redirect URI.
 */
export async function browserLogin(
  authorizeUrl: string,
  form: Record<string, string>,
): Promise<{ status: number; location: URL | null; page: string }> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  expect(action).toBeDefined();
  const posted = await fetch(new URL(action!, authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  const location = posted.headers.get('location');
  return { status: posted.status, location: location ? new URL(location) : null, page: await posted.text() };
}

export interface CapturedHarness {
  readonly sandbox: Sandbox;
  readonly server: RunningServer;
  /** Every log line the subgraph wrote, at level trace. */
  readonly lines: string[];
  /** Every body the upstream (through the recording proxy) answered the subgraph. */
  readonly upstreamAnswers: string[];
  readonly gql: Gql;
  close(): Promise<void>;
}

/**
 * A subgraph that logs everything into memory, talking to its sandbox through a proxy that keeps
 * every answer, so a test can see what the upstream handed out (tokens, codes) and look for it.
 */
export async function startCapturedHarness(
  sandboxOptions: SandboxOptions = {},
  env: Record<string, string> = {},
): Promise<CapturedHarness> {
  const sandbox = await startSandbox(sandboxOptions);
  const proxy = await startTamperingProxy(sandbox.url);

  const lines: string[] = [];
  const logger = pino({ level: 'trace', base: undefined }, { write: (line: string) => void lines.push(line) });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'trace',
    UPSTREAM_BASE_URL: proxy.url,
    UPSTREAM_CLIENT_ID: sandbox.options.clientId,
    UPSTREAM_CLIENT_SECRET: sandbox.options.clientSecret,
    UPSTREAM_CLIENT_NID: sandbox.options.clientNid,
    UPSTREAM_TIMEOUT_MS: '2000',
    ...env,
  });
  const server = await startServer(config, { logger });
  return {
    sandbox,
    server,
    lines,
    upstreamAnswers: proxy.answers,
    async gql(query, variables, headers) {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, ...(JSON.parse(await res.text()) as object) };
    },
    async close() {
      await server.stop();
      await proxy.close();
      await sandbox.close();
    },
  };
}
