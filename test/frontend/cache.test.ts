/**
 * The frontend kit (client/) in Apollo Client 4, over HTTP against a running subgraph: entities reached
 * by two paths share one cache entry (compound keys too), and fragments on an abstract type read back
 * from the cache.
 */
import { ApolloClient, HttpLink, InMemoryCache, gql, type ApolloCache } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { createInquiryCache, possibleTypes } from '../../client/index.js';
import { COMPANY_SAMPLES, VEHICLE_SAMPLES, companyOf } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { at, present } from '../helpers/responses.js';

const h = useHarness();

const clientWith = (cache: ApolloCache) => new ApolloClient({ link: new HttpLink({ uri: h.server.url }), cache });

const COMPANY_ID = COMPANY_SAMPLES.active.nationalId;
const MEMBER_ID = at(companyOf(COMPANY_ID).board, 0).nationalId;

const PERSON = gql`
  query Person($nationalId: String!) {
    person(nationalId: $nationalId) {
      nationalId
      militaryService {
        allowed
      }
    }
  }
`;
const BOARD = gql`
  query Board($nationalId: String!) {
    company(nationalId: $nationalId) {
      nationalId
      name
      boardMembers {
        name
        person {
          nationalId
          chequeStanding {
            colour
          }
        }
      }
    }
  }
`;

/** Asks for the member directly, then through the company's board. */
async function askBothWays(cache: ApolloCache): Promise<Record<string, unknown>> {
  const client = clientWith(cache);
  await client.query({ query: PERSON, variables: { nationalId: MEMBER_ID } });
  await client.query({ query: BOARD, variables: { nationalId: COMPANY_ID } });
  return cache.extract() as Record<string, unknown>;
}

describe('an entity reached by two paths', () => {
  it('is one cache entry, keyed by its @key, holding the fields of both', async () => {
    const cache = createInquiryCache();
    const store = await askBothWays(cache);
    const id = `Person:${JSON.stringify({ nationalId: MEMBER_ID })}`;
    expect(cache.identify({ __typename: 'Person', nationalId: MEMBER_ID })).toBe(id);
    expect(store[id]).toEqual({
      __typename: 'Person',
      nationalId: MEMBER_ID,
      militaryService: { __typename: 'MilitaryServiceStatus', allowed: expect.any(Boolean) },
      chequeStanding: { __typename: 'ChequeStanding', colour: expect.any(String) },
    });
    // Both paths point at that entry: the root field and the board seat.
    const root = present(store['ROOT_QUERY'], 'ROOT_QUERY') as Record<string, unknown>;
    expect(root[`person({"nationalId":"${MEMBER_ID}"})`]).toEqual({ __ref: id });
    const company = store[`Company:${JSON.stringify({ nationalId: COMPANY_ID })}`] as {
      boardMembers: Array<{ person: unknown }>;
    };
    expect(at(company.boardMembers, 0).person).toEqual({ __ref: id });
    expect(
      company.boardMembers.filter((seat) => JSON.stringify(seat.person) === JSON.stringify({ __ref: id })),
    ).toHaveLength(1);
  });

  it('is two copies in a cache without the generated type policies', async () => {
    const store = await askBothWays(new InMemoryCache());
    expect(Object.keys(store).filter((id) => id.startsWith('Person:'))).toEqual([]);
  });
});

const { driver } = VEHICLE_SAMPLES;
const PLATE = at(driver.plates, 0);
const OWNED_BY = gql`
  query OwnedBy($plateNumber: String!, $owner: String!) {
    vehicle(plateNumber: $plateNumber) {
      plateNumber
      ownedBy(ownerNationalId: $owner) {
        plateNumber
        ownerNationalId
        details {
          vin
        }
      }
    }
  }
`;
const PLATES = gql`
  query Plates($nationalId: String!, $mobile: String!) {
    person(nationalId: $nationalId) {
      nationalId
      activePlates(mobile: $mobile, includeRevoked: false) {
        ownedVehicle {
          plateNumber
          ownerNationalId
          owner {
            nationalId
          }
        }
      }
    }
  }
`;

describe('an entity with a compound key reached by two paths', () => {
  it('is one cache entry keyed by every field of its @key', async () => {
    const cache = createInquiryCache();
    const client = clientWith(cache);
    await client.query({ query: OWNED_BY, variables: { plateNumber: PLATE, owner: driver.nationalId } });
    await client.query({ query: PLATES, variables: { nationalId: driver.nationalId, mobile: driver.mobile } });
    const store = cache.extract() as Record<string, unknown>;
    const id = `OwnedVehicle:${JSON.stringify({ plateNumber: PLATE, ownerNationalId: driver.nationalId })}`;
    expect(Object.keys(store).filter((key) => key.startsWith('OwnedVehicle:'))).toContain(id);
    expect(store[id]).toEqual({
      __typename: 'OwnedVehicle',
      plateNumber: PLATE,
      ownerNationalId: driver.nationalId,
      details: { __typename: 'VehicleDetails', vin: expect.any(String) },
      owner: { __ref: `Person:${JSON.stringify({ nationalId: driver.nationalId })}` },
    });
  });
});

/** The interface the bill inquiry's job implements, as the schema names it. */
const JOB_INTERFACE = present(
  Object.entries(possibleTypes).find(([, members]) => members.includes('BillInquiryJob'))?.[0],
  'the interface of BillInquiryJob',
);
const START = gql`
  mutation Start($input: BillInquiryInput!) {
    startBillInquiry(input: $input) {
      id
    }
  }
`;
const JOB = gql`
  query Job($id: ID!) {
    job(id: $id) {
      __typename
      ... on ${JOB_INTERFACE} {
        id
        status
      }
      ... on BillInquiryJob {
        request {
          parameter
        }
      }
    }
  }
`;

interface JobRead {
  job: { __typename: string; id?: string; status?: string; request?: { parameter: string } } | null;
}

/** Starts a bill inquiry, waits until it is final and reads the job back from the cache alone. */
async function finishedJobFromCache(cache: ApolloCache): Promise<JobRead | null> {
  const client = clientWith(cache);
  const started = await client.mutate<{ startBillInquiry: { id: string } }>({
    mutation: START,
    variables: { input: { type: 'TEL', parameter: samples.landline } },
  });
  const id = present(started.data, 'the started job').startBillInquiry.id;
  await eventually(async () => {
    const { data } = await client.query<JobRead>({ query: JOB, variables: { id }, fetchPolicy: 'network-only' });
    return data?.job?.__typename === 'BillInquiryJob' && data.job.status !== 'PENDING' ? true : undefined;
  });
  return client.readQuery<JobRead>({ query: JOB, variables: { id } });
}

describe('a field of an abstract type', () => {
  it('reads back from the cache with fragments on the interface and on the concrete type', async () => {
    const read = await finishedJobFromCache(createInquiryCache());
    expect(read?.job).toEqual({
      __typename: 'BillInquiryJob',
      id: expect.any(String),
      status: 'SUCCESS',
      request: { __typename: 'BillInquiryRequest', parameter: samples.landline },
    });
  });

  it('loses the fragment on the interface in a cache without possibleTypes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const read = await finishedJobFromCache(new InMemoryCache());
      expect(read?.job).toEqual({
        __typename: 'BillInquiryJob',
        request: { __typename: 'BillInquiryRequest', parameter: samples.landline },
      });
      expect(warn.mock.calls.flat().join(' ')).toContain('possibleTypes');
    } finally {
      warn.mockRestore();
    }
  });
});
