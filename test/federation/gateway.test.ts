/**
 * The supergraph of `npm run supergraph` through Hive Gateway, in this process: our subgraph (with a
 * router secret) in front of its sandbox, the customers example, composed from their SDL, and the
 * gateway of scripts/supergraph/gateway.ts in front of both.
 */
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startCustomersSubgraph, type RunningCustomersSubgraph } from '../../examples/customers/server.js';
import type { CustomerRecord } from '../../examples/customers/data.js';
import { composeSupergraph } from '../../scripts/supergraph/compose.js';
import {
  CUSTOMERS_SUBGRAPH,
  INQUIRY_SUBGRAPH,
  ROUTER_SECRET_HEADER,
  startGateway,
  type RunningGateway,
} from '../../scripts/supergraph/gateway.js';
import { COMPANY_SAMPLES, nationalIdCheckDigit } from '../fixtures/sandbox.js';
import { postGraphQL, useHarness } from '../helpers/harness.js';
import { at, dataOf, errorsOf } from '../helpers/responses.js';
import { samples } from '../helpers/samples.js';
import { collect } from '../helpers/subscriptions.js';

const SECRET = 'a-long-router-secret-for-the-gateway';
/** Five people (valid national ids) and three companies of the sandbox's world. */
const PEOPLE = ['049937089', '006774982', '123456789', '987654321', '111222333'].map(
  (nine) => `${nine}${nationalIdCheckDigit(nine)}`,
);
const COMPANIES = [COMPANY_SAMPLES.active, COMPANY_SAMPLES.largeBoard, COMPANY_SAMPLES.dissolved];
/** A hundred customers: the even ones people, the odd ones companies, each person and company many times over. */
const CUSTOMERS: CustomerRecord[] = Array.from({ length: 100 }, (_, i) => ({
  customerNumber: `C-${1000 + i}`,
  segment: i % 2 === 0 ? 'RETAIL' : 'SME',
  since: '2020-01-01',
  relationshipManagerId: i === 0 ? 'RM-7' : null,
  ...(i % 2 === 0
    ? { personNationalId: at(PEOPLE, (i / 2) % PEOPLE.length) }
    : { companyNationalId: at(COMPANIES, ((i - 1) / 2) % COMPANIES.length).nationalId }),
}));

/** The customer the book gives for a national id: the last of the list with it. */
const customerOf = (nationalId: string) =>
  CUSTOMERS.findLast((c) => c.personNationalId === nationalId || c.companyNationalId === nationalId);

/** `promise`, or a failure naming `what` after `ms`: a test that would hang fails instead. */
async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('the supergraph through Hive Gateway', () => {
  const harness = useHarness({ env: { ROUTER_SECRET: SECRET } });
  let customers: RunningCustomersSubgraph;
  let gateway: RunningGateway;
  /** A gateway that does not send the router secret. */
  let secretless: RunningGateway;
  /** The gateway's fetches to our subgraph: the bodies it posted. */
  const inquiryFetches: string[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    customers = await startCustomersSubgraph({ port: 0, customers: CUSTOMERS });
    const supergraphSdl = await composeSupergraph([
      { name: INQUIRY_SUBGRAPH, url: harness.server.url, headers: { [ROUTER_SECRET_HEADER]: SECRET } },
      { name: CUSTOMERS_SUBGRAPH, url: customers.url },
    ]);
    const countInquiryFetches = {
      onFetch({ url, options }: { url: string; options: { body?: unknown } }) {
        if (url === harness.server.url) inquiryFetches.push(String(options.body));
      },
    };
    gateway = await startGateway({ supergraphSdl, port: 0, routerSecret: SECRET, plugins: [countInquiryFetches] });
    secretless = await startGateway({ supergraphSdl, port: 0, routerSecret: null });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await secretless?.stop();
    await gateway?.stop();
    await customers?.stop();
  });

  const gql = <T>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) =>
    postGraphQL<T>(gateway.url, query, variables, headers);

  function wsClient(through: RunningGateway): Client {
    const client = createClient({
      url: through.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    clients.push(client);
    return client;
  }

  it('joins a Person and a Company of our subgraph with their customer records, both ways', async () => {
    const [person, company] = [at(PEOPLE, 0), at(COMPANIES, 0)];
    const fromOurs = await gql<{
      person: {
        nationalId: string;
        customer: { customerNumber: string; relationshipManager: { name: string } | null };
      };
      company: { name: string; customer: { customerNumber: string; segment: string } };
    }>(
      `query($person: String!, $company: String!) {
        person(nationalId: $person) { nationalId customer { customerNumber relationshipManager { name } } }
        company(nationalId: $company) { name customer { customerNumber segment } }
      }`,
      { person, company: company.nationalId },
    );
    expect(dataOf(fromOurs)).toEqual({
      person: {
        nationalId: person,
        customer: { customerNumber: customerOf(person)?.customerNumber, relationshipManager: null },
      },
      company: {
        name: company.title,
        customer: { customerNumber: customerOf(company.nationalId)?.customerNumber, segment: 'SME' },
      },
    });

    const fromCustomers = await gql<{ a: unknown; b: unknown }>(
      `query($mobile: String!, $licence: String!) {
        a: customer(customerNumber: "C-1000") {
          relationshipManager { name }
          person { nationalId drivingLicenceNegativeScore(licenceNumber: $licence, mobile: $mobile) { licenceNumber } }
          company { name }
        }
        b: customer(customerNumber: "C-1001") { person { nationalId } company { nationalId name } }
      }`,
      { mobile: samples.mciMobile, licence: samples.licenceNumber },
    );
    expect(dataOf(fromCustomers)).toEqual({
      a: {
        relationshipManager: { name: 'Sara Ahmadi' },
        person: { nationalId: person, drivingLicenceNegativeScore: { licenceNumber: samples.licenceNumber } },
        company: null,
      },
      b: { person: null, company: { nationalId: company.nationalId, name: company.title } },
    });
  });

  it("filters the customers subgraph's own list by segment", async () => {
    const res = await gql<{ customers: Array<{ customerNumber: string; person: unknown }> }>(
      `{ customers(segment: SME) { customerNumber person { nationalId } } }`,
    );
    const sme = CUSTOMERS.filter((c) => c.segment === 'SME').map((c) => ({
      customerNumber: c.customerNumber,
      person: null,
    }));
    expect(sme).toHaveLength(50);
    expect(dataOf(res).customers).toEqual(sme);
  });

  it('resolves 100 references from the customers subgraph in one request to ours, one upstream call per distinct entity', async () => {
    inquiryFetches.length = 0;
    const res = await gql<{
      customers: Array<{
        customerNumber: string;
        person: { nationalId: string; drivingLicenceNegativeScore: { licenceNumber: string } | null } | null;
        company: { nationalId: string; name: string | null } | null;
      }>;
    }>(
      `query($mobile: String!, $licence: String!) {
        customers {
          customerNumber
          person { nationalId drivingLicenceNegativeScore(licenceNumber: $licence, mobile: $mobile) { licenceNumber } }
          company { nationalId name }
        }
      }`,
      { mobile: samples.mciMobile, licence: samples.licenceNumber },
    );
    const list = dataOf(res).customers;
    expect(list).toHaveLength(100);
    for (const [i, customer] of list.entries()) {
      const record = at(CUSTOMERS, i);
      expect(customer.customerNumber).toBe(record.customerNumber);
      if (record.personNationalId) {
        expect(customer.person).toEqual({
          nationalId: record.personNationalId,
          drivingLicenceNegativeScore: { licenceNumber: samples.licenceNumber },
        });
      } else {
        const company = COMPANIES.find((c) => c.nationalId === record.companyNationalId);
        expect(customer.company).toEqual({ nationalId: record.companyNationalId, name: company?.title });
      }
    }
    // One _entities request to our subgraph for every reference, not one per customer.
    expect(inquiryFetches).toHaveLength(1);
    expect(at(inquiryFetches, 0)).toContain('_entities');
    expect(harness.upstreamCalls('billingNegativeScoreGet')).toHaveLength(PEOPLE.length);
    expect(harness.upstreamCalls('kybCompanyInfoGet')).toHaveLength(COMPANIES.length);
  });

  it('streams jobUpdated of a started bill inquiry to completion over WebSocket', async () => {
    const started = await gql<{ startBillInquiry: { id: string; status: string } }>(
      `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id status } }`,
      { input: { type: 'TEL', parameter: samples.landline } },
    );
    const { id, status } = dataOf(started).startBillInquiry;
    expect(status).toBe('PENDING');
    const collected = await withTimeout(
      collect<{ jobUpdated: { __typename: string; id: string; status: string; bill?: { amount: string } | null } }>(
        wsClient(gateway),
        `subscription($id: ID!) {
          jobUpdated(id: $id) { __typename id status ... on BillInquiryJob { bill { amount } } }
        }`,
        { id },
      ),
      10_000,
      'jobUpdated through the gateway',
    );
    expect(collected.error).toBeUndefined();
    expect(collected.errors).toEqual([]);
    const last = at(collected.events, collected.events.length - 1).jobUpdated;
    expect(last).toMatchObject({ __typename: 'BillInquiryJob', id, status: 'SUCCESS' });
    expect(last.bill?.amount).toMatch(/^\d+$/);
  });

  it('without the router secret, a subscription through the gateway fails with an error instead of hanging', async () => {
    const collected = await withTimeout(
      collect(wsClient(secretless), `subscription { jobUpdated(id: "any") { id } }`, {}),
      10_000,
      'a refused subscription',
    );
    expect(collected).toEqual({
      events: [],
      errors: [
        expect.objectContaining({
          path: ['jobUpdated'],
          extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }),
        }),
      ],
    });
    const refused = await postGraphQL(secretless.url, `{ person(nationalId: "${at(PEOPLE, 0)}") { nationalId } }`);
    expect(refused.data).toEqual({ person: null });
    expect(errorsOf(refused)).toEqual([
      expect.objectContaining({ path: ['person'], extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }),
    ]);
  });

  it('keeps error codes: BAD_USER_INPUT at the root and inside a referenced entity', async () => {
    const root = await gql(`{ person(nationalId: "123") { nationalId } }`);
    expect(errorsOf(root)).toEqual([
      expect.objectContaining({
        path: ['person'],
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', argumentPath: 'nationalId' }),
      }),
    ]);
    const nested = await gql(
      `{ customer(customerNumber: "C-1000") { person { drivingLicenceNegativeScore(licenceNumber: "12", mobile: "${samples.mciMobile}") { points } } } }`,
    );
    expect(errorsOf(nested)).toEqual([
      expect.objectContaining({
        path: ['customer', 'person', 'drivingLicenceNegativeScore'],
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', argumentPath: 'licenceNumber' }),
      }),
    ]);
  });

  it('gives our subgraph the client consent handle', async () => {
    expect(dataOf(await gql(`{ consent { nationalId } }`))).toEqual({ consent: null });
    const unknown = await gql(`{ consent { nationalId } }`, undefined, { 'x-consent-handle': 'no-such-handle' });
    expect(at(errorsOf(unknown), 0).extensions?.['code']).toBe('UNAUTHENTICATED');
  });
});
