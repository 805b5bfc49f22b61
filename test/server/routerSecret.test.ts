import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';
import { collectSubscription, openWsClient, type WsClient } from '../helpers/procUtils.js';

const SECRET = 'a-long-router-secret-123';

describe('router secret', () => {
  const harness = useHarness({ env: { ROUTER_SECRET: SECRET } });
  let origin: string;
  let wsUrl: string;
  const clients: WsClient[] = [];

  beforeAll(() => {
    origin = new URL(harness.server.url).origin;
    wsUrl = harness.server.url.replace(/^http/, 'ws');
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  });

  function ws(options: Parameters<typeof openWsClient>[1], path = '/graphql'): WsClient {
    const client = openWsClient(wsUrl.replace(/\/graphql$/, path), options);
    clients.push(client);
    return client;
  }

  it('HTTP without router-authorization is 401 UNAUTHENTICATED, and nothing reaches the upstream', async () => {
    const response = await harness.gql(`{ person(nationalId: "0499370899") { nationalId } }`);
    expect(response.status).toBe(401);
    expect(response.data).toBeUndefined();
    expect(response.errors).toEqual([
      { message: 'Missing or wrong router secret.', extensions: { code: 'UNAUTHENTICATED' } },
    ]);
    expect(harness.upstreamCalls()).toEqual([]);
  });

  it('HTTP with a wrong router-authorization is 401', async () => {
    for (const value of ['wrong-secret-wrong-secret', SECRET.slice(0, -1), `${SECRET}x`, `Bearer ${SECRET}`]) {
      const response = await harness.gql('{ __typename }', undefined, { 'router-authorization': value });
      expect(response.status, value).toBe(401);
      expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('HTTP with the right router-authorization is 200', async () => {
    const response = await harness.gql('{ person(nationalId: "0499370899") { nationalId } }', undefined, {
      'router-authorization': SECRET,
    });
    expect(response).toEqual({ status: 200, data: { person: { nationalId: '0499370899' } } });
  });

  it('health and readiness probes do not need the secret', async () => {
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  });

  it('a graphql-ws connection without connectionParams.routerSecret is closed with 4403', async () => {
    const client = ws({});
    const close = await client.firstClose;
    expect(close.code).toBe(4403);
    expect(close.reason).toBe('Forbidden');
  });

  it('a graphql-ws connection with a wrong routerSecret is closed with 4403 (on /ws too)', async () => {
    const client = ws({ connectionParams: { routerSecret: 'not-the-router-secret' } }, '/ws');
    expect((await client.firstClose).code).toBe(4403);
  });

  it('a graphql-ws connection with connectionParams.routerSecret works', async () => {
    for (const path of ['/graphql', '/ws']) {
      const client = ws({ connectionParams: { routerSecret: SECRET } }, path);
      await client.connected;
      const result = await client.client.iterate<{ __typename: string }>({ query: '{ __typename }' }).next();
      expect(result.value, path).toEqual({ data: { __typename: 'Query' } });
      expect(client.closes, path).toEqual([]);
    }
  });

  it('a graphql-ws connection with the router-authorization header on the upgrade works', async () => {
    const client = ws({ headers: { 'router-authorization': SECRET } });
    await client.connected;
    const sub = collectSubscription<{ job: null }>(client.client, 'query { job(id: "no-such-job") { id } }');
    expect(await sub.ended).toBe('complete');
    expect(sub.results).toEqual([{ data: { job: null } }]);
    expect(client.closes).toEqual([]);
  });
});
