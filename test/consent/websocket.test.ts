/** The consent handle over graphql-ws: `consentHandle` in the connectionParams. */
import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useHarness } from '../helpers/harness.js';
import { PEOPLE, TAX_DEBTS, TAX_SCOPE, smsConsent, type TaxDebtsData } from './support.js';
import { dataOf, errorCode, firstError, present } from '../helpers/responses.js';

const h = useHarness();
const clients: Client[] = [];
// Registered after useHarness, so it runs before the harness closes (vitest runs after-hooks in reverse order).
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

function wsClient(connectionParams?: Record<string, unknown>): Client {
  const client = createClient({
    url: h.server.url.replace('http', 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    ...(connectionParams && { connectionParams }),
  });
  clients.push(client);
  return client;
}

interface Result {
  data?: TaxDebtsData | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

function run(client: Client, variables: Record<string, unknown>): Promise<Result> {
  return new Promise((resolve, reject) => {
    let last: Result = {};
    client.subscribe<TaxDebtsData>(
      { query: TAX_DEBTS, variables },
      { next: (value) => void (last = value as Result), error: reject, complete: () => resolve(last) },
    );
  });
}

describe('consent over WebSocket', () => {
  it('uses the handle from connectionParams', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.clearCalls();
    const res = await run(wsClient({ consentHandle: handle }), { nid: PEOPLE.ali });
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).person.taxDebts, 'person.taxDebts').length).toBeGreaterThan(0);
    expect(h.upstreamCalls('kycSmsTaxInquiryGet')).toMatchObject([
      { status: 200, tokenType: 'CODE', tokenUserId: PEOPLE.ali },
    ]);
  });

  it('fails with CONSENT_REQUIRED without one, and FORBIDDEN for another person', async () => {
    const none = await run(wsClient(), { nid: PEOPLE.ali });
    expect(firstError(none).extensions).toMatchObject({
      code: 'CONSENT_REQUIRED',
      scope: TAX_SCOPE,
      grant: 'authorization_sms',
    });

    const handle = await smsConsent(h.gql, PEOPLE.ali);
    h.sandbox.clearCalls();
    const other = await run(wsClient({ consentHandle: handle }), { nid: PEOPLE.reza });
    expect(errorCode(other)).toBe('FORBIDDEN');
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});
