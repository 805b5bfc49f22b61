/** Operation limits over HTTP and graphql-ws: refused before anything is sent upstream, with OPERATION_LIMIT_EXCEEDED. */
import { getIntrospectionQuery } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { limitsHit } from '../../src/observability/metrics.js';
import { CLIENT_PERSON, VEHICLE_SAMPLES, companyOf, COMPANY_SAMPLES } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness, type GraphQLResponse } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { collect } from '../helpers/subscriptions.js';
import { at, dataOf, extensionsOf, firstError } from '../helpers/responses.js';

const h = useHarness();
/** Small limits, so a few fields reach them. */
const small = useHarness({
  env: {
    LIMIT_MAX_TOKENS: '0',
    LIMIT_MAX_UPSTREAM_CALLS: '3',
    LIMIT_MAX_ALIASES: '2',
    LIMIT_MAX_RESPONSE_BYTES: '300',
  },
});
const budget = useHarness({ env: { LIMIT_MAX_UPSTREAM_CALLS: '3' } });
/** The cost limit alone, the budget of upstream calls off. */
const uncapped = useHarness({ env: { LIMIT_MAX_UPSTREAM_CALLS: '0' } });
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

const { driver } = VEHICLE_SAMPLES;

/** person → activePlates → ownedVehicle → owner → activePlates → … `levels` times round the cycle. */
function cyclicQuery(levels: number): string {
  let inner = '';
  for (let i = 0; i < levels; i += 1)
    inner = `activePlates(mobile: "${driver.mobile}") { plateText ownedVehicle { plateNumber owner { nationalId ${inner} } } }`;
  return `{ person(nationalId: "${driver.nationalId}") { nationalId ${inner} } }`;
}

function refusalOf(res: GraphQLResponse): Record<string, unknown> {
  expect(res.data ?? null).toBeNull();
  expect(res.errors).toHaveLength(1);
  const extensions = extensionsOf(firstError(res));
  expect(extensions['code']).toBe('OPERATION_LIMIT_EXCEEDED');
  return extensions;
}

async function hits(limit: string): Promise<number> {
  const metric = await limitsHit.get();
  return metric.values.find((value) => value.labels['limit'] === limit)?.value ?? 0;
}

function wsClient(url: string): Client {
  const client = createClient({
    url: url.replace('http', 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(client);
  return client;
}

describe('the cyclic query person → activePlates → ownedVehicle → owner → …', () => {
  it('is refused at 20 levels by depth, with zero upstream calls, and counted', async () => {
    const before = await hits('depth');
    const res = await h.gql(cyclicQuery(20));
    expect(res.status).toBe(400);
    const refusal = refusalOf(res);
    expect(refusal).toMatchObject({ limit: 'depth', max: 15 });
    expect(refusal['actual']).toBeGreaterThan(60);
    expect(firstError(res).message).toMatch(/at most 15/);
    expect(h.upstreamCalls()).toHaveLength(0);
    expect(await hits('depth')).toBe(before + 1);
  });

  it('is refused by cost when within the depth limit', async () => {
    // Four rounds are 14 levels deep: under the depth limit, but 1 + 10 × (1 + 10 × (1 + 10 × 1)) calls estimated.
    const res = await h.gql(cyclicQuery(4));
    expect(refusalOf(res)).toEqual({
      code: 'OPERATION_LIMIT_EXCEEDED',
      limit: 'upstreamCalls',
      max: 300,
      actual: 1111,
    });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('still answers one round, which is cheap', async () => {
    const res = await h.gql(cyclicQuery(1));
    expect(res.errors).toBeUndefined();
    expect(callCounts(h)).toEqual({ vehicleActivePlateNumbersGet: 1 });
  });
});

describe('aliases', () => {
  const aliased = (count: number) =>
    `query ($id: String!) { ${Array.from({ length: count }, (_, i) => `a${i}: person(nationalId: $id) { identity(birthDate: "1370/01/0${(i % 9) + 1}") { firstName } }`).join(' ')} }`;

  it('1,000 aliases of person { identity } are refused with zero upstream calls (first by the token bound)', async () => {
    const res = await h.gql(aliased(1000), { id: samples.nationalId });
    expect(refusalOf(res)).toEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'tokens', max: 5000 });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('are refused by the alias limit when the token bound is off', async () => {
    const res = await small.gql(aliased(1000), { id: samples.nationalId });
    expect(refusalOf(res)).toEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'aliases', max: 2, actual: 1000 });
    expect(small.upstreamCalls()).toHaveLength(0);
  });
});

describe('cost', () => {
  it('admits a router batch of the largest page of cards, each with a field of its own: the budget exactly', async () => {
    const cards = Array.from({ length: 100 }, () => ({ __typename: 'Card', number: CLIENT_PERSON.account.card }));
    const query = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Card { accountNumber } } }';
    const res = await h.gql(query, { r: cards });
    expect(res.errors).toBeUndefined();
    expect(h.upstreamCalls().length).toBeGreaterThan(0);
  });

  it('refuses the same batch with one more call before anything is sent', async () => {
    const cards = Array.from({ length: 100 }, () => ({ __typename: 'Card', number: CLIENT_PERSON.account.card }));
    const person = { __typename: 'Person', nationalId: driver.nationalId };
    const query = `query ($r: [_Any!]!) { _entities(representations: $r) {
      ... on Card { accountNumber } ... on Person { militaryService { allowed } }
    } }`;
    const res = await h.gql(query, { r: [...cards, person] });
    expect(res.status).toBe(400);
    expect(refusalOf(res)).toEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'upstreamCalls', max: 300, actual: 301 });
    expect(firstError(res).message).toBe(
      "The operation's estimated cost is 301 upstream calls; at most 300 are spent on one operation. Ask for fewer fields or smaller pages.",
    );
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('names the smaller bound when an estimate passes both', async () => {
    const query = (first: number) => `{ person(nationalId: "${driver.nationalId}") {
      activePlates(mobile: "${driver.mobile}") { ownedVehicle { offenses(ownerMobile: "${driver.mobile}", first: ${first}) { nodes { image { offenseId } } } } }
    } }`;
    expect(refusalOf(await h.gql(query(100)))).toMatchObject({ limit: 'upstreamCalls', max: 300, actual: 1011 });
    expect(refusalOf(await small.gql(query(100)))).toMatchObject({ limit: 'upstreamCalls', max: 3, actual: 1011 });
  });

  it('refuses a shallow query whose pages multiply past the maximum', async () => {
    const res = await uncapped.gql(`{ person(nationalId: "${driver.nationalId}") {
      activePlates(mobile: "${driver.mobile}") { ownedVehicle { offenses(ownerMobile: "${driver.mobile}", first: 100) { nodes { image { offenseId } } } } }
    } }`);
    // activePlates 1 + 10 plates × (offenses 1 + 100 offenses × image 1)
    expect(res.status).toBe(400);
    expect(refusalOf(res)).toMatchObject({ limit: 'cost', max: 1000, actual: 1011 });
    expect(uncapped.upstreamCalls()).toHaveLength(0);
  });

  it('takes the page size from a variable', async () => {
    const query = `query ($first: Int) { person(nationalId: "${driver.nationalId}") {
      activePlates(mobile: "${driver.mobile}") { ownedVehicle { offenses(ownerMobile: "${driver.mobile}", first: $first) { nodes { image { offenseId } } } } }
    } }`;
    expect(refusalOf(await uncapped.gql(query, { first: 100 }))).toMatchObject({ limit: 'cost', actual: 1011 });
    const cheap = await uncapped.gql(query, { first: 1 });
    expect(cheap.errors?.filter((error) => error.extensions?.['code'] === 'OPERATION_LIMIT_EXCEEDED') ?? []).toEqual(
      [],
    );
    // The same document again, each cost remembered by its own variables.
    expect(refusalOf(await uncapped.gql(query, { first: 100 }))).toMatchObject({ limit: 'cost', actual: 1011 });
    expect(refusalOf(await uncapped.gql(query, { first: 99 }))).toMatchObject({ limit: 'cost', actual: 1001 });
    const again = await uncapped.gql(query, { first: 1 });
    expect(again.errors?.some((error) => error.extensions?.['code'] === 'OPERATION_LIMIT_EXCEEDED') ?? false).toBe(
      false,
    );
  });
});

describe('the budget of upstream calls', () => {
  it('refuses five reads under a budget of three before any is sent', async () => {
    const people = companyOf(COMPANY_SAMPLES.largeBoard.nationalId).board.slice(0, 5);
    const query = `{ ${people.map((seat, i) => `p${i}: person(nationalId: "${seat.nationalId}") { militaryService { allowed } }`).join(' ')} }`;
    const res = await budget.gql(query);
    expect(res.status).toBe(400);
    expect(refusalOf(res)).toEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'upstreamCalls', max: 3, actual: 5 });
    expect(budget.upstreamCalls()).toHaveLength(0);
  });
});

describe('response size', () => {
  it('replaces an answer larger than the cap with a refusal', async () => {
    const res = await small.gql(`{ __schema { types { name } } }`);
    expect(refusalOf(res)).toMatchObject({ limit: 'responseSize', max: 300 });
    expect((refusalOf(res)['actual'] as number) > 300).toBe(true);
  });

  it('lets a small answer through', async () => {
    const res = await small.gql('{ __typename }');
    expect(res).toMatchObject({ status: 200, data: { __typename: 'Query' } });
  });
});

describe('over graphql-ws', () => {
  it('refuses a subscription document past a limit before it runs', async () => {
    const collected = await collect(
      wsClient(small.server.url),
      'subscription { jobUpdated(id: "job-1") { a: id b: status c: createdAt } }',
      {},
    );
    const errors = collected.error as Array<{ extensions?: Record<string, unknown> }>;
    expect(errors).toEqual([
      expect.objectContaining({
        extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'aliases', max: 2, actual: 3 },
      }),
    ]);
    expect(collected.events).toEqual([]);
  });

  it('refuses the cyclic query by depth with zero upstream calls', async () => {
    const collected = await collect(wsClient(h.server.url), cyclicQuery(20), {});
    const errors = collected.error as Array<{ extensions?: Record<string, unknown> }>;
    expect(at(errors, 0).extensions).toMatchObject({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'depth' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('refuses by cost, which needs the variables', async () => {
    const query = `query ($first: Int) { person(nationalId: "${driver.nationalId}") {
      activePlates(mobile: "${driver.mobile}") { ownedVehicle { offenses(ownerMobile: "${driver.mobile}", first: $first) { nodes { image { offenseId } } } } }
    } }`;
    const collected = await collect(wsClient(h.server.url), query, { first: 100 });
    const errors = collected.error as Array<{ extensions?: Record<string, unknown> }>;
    expect(at(errors, 0).extensions).toMatchObject({
      code: 'OPERATION_LIMIT_EXCEEDED',
      limit: 'upstreamCalls',
      actual: 1011,
    });
    expect(h.upstreamCalls()).toHaveLength(0);
    // The same text again (its document remembered), with other variables: costed by those.
    const costlier = await collect(wsClient(h.server.url), query, { first: 99 });
    const refused = costlier.error as Array<{ extensions?: Record<string, unknown> }>;
    expect(at(refused, 0).extensions).toMatchObject({ limit: 'upstreamCalls', actual: 1001 });
  });

  it('refuses a document past a limit every time it is sent', async () => {
    const query = 'subscription { jobUpdated(id: "job-1") { a: id b: status c: createdAt } }';
    for (let round = 0; round < 2; round += 1) {
      const collected = await collect(wsClient(small.server.url), query, {});
      expect(collected.error).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ limit: 'aliases' }) }),
      ]);
    }
  });
});

describe('what must still pass', () => {
  it('answers the full introspection query', async () => {
    const res = await h.gql(
      getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        inputValueDeprecation: true,
      }),
    );
    expect(res.errors).toBeUndefined();
    expect(res.status).toBe(200);
  });

  it('refuses ten aliased copies of the full introspection, over HTTP and graphql-ws, before running any', async () => {
    const full = getIntrospectionQuery({ descriptions: true });
    const selection = full.slice(full.indexOf('__schema'), full.lastIndexOf('}', full.indexOf('fragment')));
    const copies = Array.from({ length: 10 }, (_, i) => `c${i}: ${selection}`).join(' ');
    const query = `query Ten { ${copies} } ${full.slice(full.indexOf('fragment'))}`;
    const res = await h.gql(query);
    expect(res.status).toBe(400);
    const refusal = refusalOf(res);
    expect(refusal).toMatchObject({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'upstreamCalls', max: 300 });
    expect(refusal['actual']).toBeGreaterThan(400);
    const overWs = await collect(wsClient(h.server.url), query, {});
    const errors = overWs.error as Array<{ extensions?: Record<string, unknown> }>;
    expect(at(errors, 0).extensions).toMatchObject({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'upstreamCalls' });
  });

  it('answers the router’s _service { sdl }', async () => {
    const res = await h.gql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    expect(res.errors).toBeUndefined();
    expect(dataOf(res)._service.sdl).toContain('@cost(weight: 1)');
  });

  it('answers a router batch of 100 entity representations', async () => {
    const board = companyOf(COMPANY_SAMPLES.largeBoard.nationalId).board;
    const representations = Array.from({ length: 100 }, (_, i) => ({
      __typename: 'Person',
      nationalId: at(board, i % board.length).nationalId,
    }));
    const res = await h.gql<{ _entities: unknown[] }>(
      'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Person { nationalId militaryService { allowed } } } }',
      { representations },
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res)._entities).toHaveLength(100);
    expect(callCounts(h)).toEqual({ kycMilitaryInquiryGet: new Set(board.map((seat) => seat.nationalId)).size });
  });

  it('hides field suggestions in validation errors', async () => {
    const res = await h.gql('{ persn(nationalId: "x") { nationalId } }');
    expect(firstError(res).message).not.toMatch(/Did you mean/);
    expect(firstError(res).extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('repeated selections and directives', () => {
  it('refuses one field selected more times than allowed in one selection set', async () => {
    const res = await h.gql(`{ person(nationalId: "${samples.nationalId}") { ${'nationalId '.repeat(11)} } }`);
    expect(refusalOf(res)).toEqual({
      code: 'OPERATION_LIMIT_EXCEEDED',
      limit: 'repeatedSelections',
      max: 10,
      actual: 11,
    });
  });

  it('refuses more directives than allowed', async () => {
    const res = await h.gql(
      `{ person(nationalId: "${samples.nationalId}") { ${'... @include(if: true) { nationalId } '.repeat(51)} } }`,
    );
    expect(refusalOf(res)).toEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'directives', max: 50, actual: 51 });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('response size over graphql-ws', () => {
  it('replaces an event larger than the cap with a refusal', async () => {
    const collected = await collect(wsClient(small.server.url), '{ __schema { types { name } } }', {});
    expect(collected.events).toEqual([]);
    expect(collected.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'responseSize', max: 300 }),
      }),
    ]);
  });
});
