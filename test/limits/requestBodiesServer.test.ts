/** Request bodies held by the process, bounded in bytes across requests; introspection answered from memory. */
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CLIENT_PERSON } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';
import { collect, useWsClients } from '../helpers/subscriptions.js';

/** Its `pad` variable is declared by no operation: bytes the process holds all the same. */
const POSTAL = `{ postalAddress(postalCode: "${CLIENT_PERSON.postalCode}") { postalCode } }`;
const h = useHarness({ env: { MAX_REQUEST_BYTES_HELD: String(1024 * 1024) } });
const wsClient = useWsClients();

describe('request bodies held at once', () => {
  it('refuses a body that would pass the bound while others are held, and takes it once they are answered', async () => {
    const release = h.sandbox.holdAnswers('ecityPostalCodeGet');
    const pad = 'x'.repeat(700_000);
    const held = h.gql(POSTAL, { pad });
    await eventually(() => h.upstreamCalls('ecityPostalCodeGet').length === 1, { what: 'the first inquiry upstream' });

    const refused = await h.gql(POSTAL, { pad });
    expect(refused.status).toBe(429);
    expect(at(refused.errors ?? [], 0).extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 1 });
    // A small body still fits beside the held one.
    expect(dataOf(await h.gql('{ __typename }'))).toEqual({ __typename: 'Query' });

    release();
    expect((await held).errors).toBeUndefined();
    const after = await h.gql<{ postalAddress: { postalCode: string } }>(POSTAL, { pad });
    expect(dataOf(after).postalAddress.postalCode).toBe(CLIENT_PERSON.postalCode);
    expect(h.upstreamCalls('ecityPostalCodeGet')).toHaveLength(2);
  });
});

describe('introspection', () => {
  it('answers the same introspection alike every time, over HTTP and graphql-ws, and __type by its variables', async () => {
    const query = getIntrospectionQuery({ descriptions: true });
    const first = await h.gql(query);
    const second = await h.gql(query);
    expect(first.errors).toBeUndefined();
    expect(second).toEqual(first);
    const byName = `query ($name: String!) { __type(name: $name) { name kind } }`;
    expect(dataOf(await h.gql(byName, { name: 'Person' }))).toEqual({ __type: { name: 'Person', kind: 'OBJECT' } });
    expect(dataOf(await h.gql(byName, { name: 'Bill' }))).toEqual({ __type: { name: 'Bill', kind: 'OBJECT' } });
    expect(dataOf(await h.gql(byName, { name: 'Person' }))).toEqual({ __type: { name: 'Person', kind: 'OBJECT' } });
  });
});

describe('introspections per caller', () => {
  const limited = useHarness({ env: { LIMIT_INTROSPECTIONS_PER_MINUTE: '2' } });

  it('answers two full introspections and refuses the third, over HTTP with 429 and over graphql-ws', async () => {
    const query = getIntrospectionQuery();
    for (let i = 0; i < 2; i += 1) expect((await limited.gql(query)).errors).toBeUndefined();
    const refused = await limited.gql(query);
    expect(refused.status).toBe(429);
    expect(at(refused.errors ?? [], 0).extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const overWs = await collect(wsClient(limited.server.url), query, {});
    expect(overWs.errors.map((error) => error.extensions?.['code'])).toEqual(['RATE_LIMITED']);
    // A gateway's liveness ping is never counted.
    expect(dataOf(await limited.gql('{ __typename }'))).toEqual({ __typename: 'Query' });
  });
});
