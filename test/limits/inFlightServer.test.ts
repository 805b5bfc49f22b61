/**
 * Operations in flight, bounded per caller over both transports and per graphql-ws connection, and a
 * connection whose client does not read closed: refused rather than queued, and nothing held for ever.
 */
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { limitsHit } from '../../src/observability/metrics.js';
import { CLIENT_PERSON } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness, type Harness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';
import { collect, useWsClients } from '../helpers/subscriptions.js';

const POSTAL = `{ postalAddress(postalCode: "${CLIENT_PERSON.postalCode}") { postalCode } }`;
const POSTAL_CALL = 'ecityPostalCodeGet';

const perCaller = useHarness({ env: { LIMIT_MAX_OPERATIONS_PER_CALLER: '2' } });
const perSocket = useHarness({ env: { LIMIT_MAX_OPERATIONS_PER_CALLER: '0', LIMIT_MAX_OPERATIONS_PER_SOCKET: '2' } });
const smallBuffer = useHarness({ env: { LIMIT_MAX_SOCKET_BUFFER_BYTES: String(256 * 1024) } });

const clients = useWsClients();
const wsClient = (h: Harness) => clients(h.server.url);

const heldCalls = (h: Harness, count: number) =>
  eventually(() => h.upstreamCalls(POSTAL_CALL).length >= count, { what: `${count} postal inquiries upstream` });

const hits = async (limit: string) =>
  (await limitsHit.get()).values.find((value) => value.labels['limit'] === limit)?.value ?? 0;

describe('operations in flight per caller', () => {
  it('refuses a third operation of a caller running two, over HTTP and graphql-ws, and admits it once one ends', async () => {
    const h = perCaller;
    const release = h.sandbox.holdAnswers(POSTAL_CALL);
    const running = [h.gql(POSTAL), h.gql(POSTAL)];
    await heldCalls(h, 2);
    const before = await hits('callerOperations');

    const overHttp = await h.gql(POSTAL);
    expect(overHttp.status).toBe(429);
    expect(at(overHttp.errors ?? [], 0).extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 1 });
    const overWs = await collect(wsClient(h), POSTAL, {});
    expect(overWs.errors.map((error) => error.extensions)).toEqual([{ code: 'RATE_LIMITED', retryAfter: 1 }]);
    expect(await hits('callerOperations')).toBe(before + 2);
    expect(h.upstreamCalls(POSTAL_CALL)).toHaveLength(2);

    release();
    for (const answer of await Promise.all(running)) expect(answer.errors).toBeUndefined();
    const after = await h.gql<{ postalAddress: { postalCode: string } }>(POSTAL);
    expect(dataOf(after).postalAddress.postalCode).toBe(CLIENT_PERSON.postalCode);
  });
});

describe('operations on one graphql-ws connection', () => {
  it('refuses a third operation on a connection running two, while another connection is served', async () => {
    const h = perSocket;
    const release = h.sandbox.holdAnswers(POSTAL_CALL);
    const socket = wsClient(h);
    const running = [collect(socket, POSTAL, {}), collect(socket, POSTAL, {})];
    await heldCalls(h, 2);

    const third = await collect(socket, POSTAL, {});
    const errors = third.error as Array<{ message: string; extensions?: Record<string, unknown> }>;
    expect(at(errors, 0).extensions).toEqual({
      code: 'OPERATION_LIMIT_EXCEEDED',
      limit: 'socketOperations',
      max: 2,
      actual: 3,
    });
    expect(at(errors, 0).message).toMatch(/at most 2 run at once on one connection/);

    const elsewhere = collect(wsClient(h), POSTAL, {});
    await heldCalls(h, 3);
    release();
    for (const done of await Promise.all([...running, elsewhere])) {
      expect(done.error).toBeUndefined();
      expect(done.errors).toEqual([]);
    }
    // Its operations finished, the connection takes new ones.
    expect((await collect(socket, POSTAL, {})).errors).toEqual([]);
  });
});

describe('a client that does not read', () => {
  it('has its connection closed once its unsent answers pass the bound, and is not answered into memory', async () => {
    const h = smallBuffer;
    const before = await hits('socketBuffer');
    const socket = new WebSocket(h.server.url.replace('http', 'ws'), 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    const acknowledged = new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await acknowledged;
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.pause();
    // Each answer is about half a megabyte; forty are far more than the socket and the kernel hold.
    const query = getIntrospectionQuery({ descriptions: true });
    for (let id = 1; id <= 40; id += 1) {
      socket.send(JSON.stringify({ id: String(id), type: 'subscribe', payload: { query } }));
    }
    await eventually(async () => (await hits('socketBuffer')) > before, {
      what: 'the connection to be closed as not reading',
      timeoutMs: 30_000,
    });
    socket.resume();
    expect(await closed).toBe(1008);
  });
});
