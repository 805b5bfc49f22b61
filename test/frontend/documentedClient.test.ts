/**
 * The Apollo Client of docs/FRONTEND.md against a running subgraph: queries and mutations over HTTP,
 * subscriptions over graphql-ws (one `ApolloLink.split`), the consent handle as a header, the error
 * codes as `CombinedGraphQLErrors`.
 */
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, gql } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createInquiryCache } from '../../client/index.js';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { present } from '../helpers/responses.js';

const h = useHarness();
const sockets: Client[] = [];
// Registered after useHarness, so it runs before the harness closes.
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
});

/** As docs/FRONTEND.md builds it; in a browser, graphql-ws needs no `webSocketImpl`. */
function inquiryClient(httpUrl: string, consentHandle?: string): ApolloClient {
  const socket = createClient({
    url: httpUrl.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: consentHandle ? { consentHandle } : {},
  });
  sockets.push(socket);
  const http = new HttpLink({ uri: httpUrl, headers: consentHandle ? { 'x-consent-handle': consentHandle } : {} });
  const link = ApolloLink.split(({ query }) => isSubscriptionOperation(query), new GraphQLWsLink(socket), http);
  return new ApolloClient({ link, cache: createInquiryCache() });
}

const START = gql`
  mutation Start($input: BillInquiryInput!) {
    startBillInquiry(input: $input) {
      id
      status
    }
  }
`;
const UPDATES = gql`
  subscription Updates($id: ID!) {
    jobUpdated(id: $id) {
      __typename
      ... on BillInquiryJob {
        id
        status
        bill {
          amount
        }
      }
    }
  }
`;

interface Update {
  jobUpdated: { __typename: string; id: string; status: string; bill: { amount: string } | null };
}

describe('the documented client', () => {
  it('follows a job over graphql-ws and keeps its last state in the cache', async () => {
    const client = inquiryClient(h.server.url);
    const started = await client.mutate<{ startBillInquiry: { id: string; status: string } }>({
      mutation: START,
      variables: { input: { type: 'TEL', parameter: samples.landline } },
    });
    const job = present(started.data, 'the started job').startBillInquiry;
    expect(job.status).toBe('PENDING');

    const statuses = await new Promise<string[]>((resolve, reject) => {
      const seen: string[] = [];
      client.subscribe<Update>({ query: UPDATES, variables: { id: job.id } }).subscribe({
        next: ({ data, error }) => {
          if (error) reject(error);
          if (data) seen.push(data.jobUpdated.status);
        },
        error: reject,
        complete: () => resolve(seen),
      });
    });
    expect(statuses.at(-1)).toBe('SUCCESS');
    expect(statuses.slice(0, -1).every((status) => status === 'PENDING')).toBe(true);
    const entry = (client.cache.extract() as Record<string, unknown>)[`BillInquiryJob:${job.id}`];
    expect(entry).toMatchObject({ id: job.id, status: 'SUCCESS', bill: { amount: expect.any(String) } });
  });

  it('sends the consent handle as x-consent-handle and reports the error codes of a consent', async () => {
    const TAX_DEBTS = gql`
      query TaxDebts($nationalId: String!) {
        person(nationalId: $nationalId) {
          nationalId
          taxDebts {
            amount
          }
        }
      }
    `;
    const codesWith = async (client: ApolloClient) => {
      const { data, error } = await client.query<{ person: { nationalId: string; taxDebts: unknown } }>({
        query: TAX_DEBTS,
        variables: { nationalId: samples.nationalId },
        errorPolicy: 'all',
      });
      expect(data?.person).toEqual({ __typename: 'Person', nationalId: samples.nationalId, taxDebts: null });
      expect(CombinedGraphQLErrors.is(error)).toBe(true);
      return CombinedGraphQLErrors.is(error) ? error.errors.map((e) => e.extensions?.['code']) : [];
    };
    expect(await codesWith(inquiryClient(h.server.url))).toEqual(['CONSENT_REQUIRED']);
    expect(await codesWith(inquiryClient(h.server.url, 'x'.repeat(43)))).toEqual(['UNAUTHENTICATED']);
  });
});
