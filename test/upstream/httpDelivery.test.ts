/**
 * The transport knows whether a request ever left the process: only a request handed to a connection
 * may have reached the upstream. A request that failed to connect, or was given up (timeout, abort)
 * while it waited for a connection, never went out, and never goes out later.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { errorFromTransport } from '../../src/datasources/upstream/errorMapping.js';
import { createHttpTransport, TransportError, type HttpTransport } from '../../src/datasources/upstream/http.js';
import { eventually } from '../helpers/eventually.js';

interface Upstream {
  readonly url: string;
  /** Paths of the requests received, in order. */
  readonly received: string[];
  /** How many connections were opened to it. */
  connections(): number;
  /** Answers every request held so far. */
  release(): void;
  close(): Promise<void>;
}

/** A server that holds requests to `/hold…` until released, and answers others at once. */
async function upstream(): Promise<Upstream> {
  const received: string[] = [];
  let held: ServerResponse[] = [];
  let connections = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    received.push(req.url ?? '');
    req.resume();
    if (req.url?.startsWith('/hold')) held.push(res);
    else if (req.url === '/bom') res.end(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"é":1}')]));
    else res.writeHead(429, { 'retry-after': '7' }).end('{"ok":true}');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    release() {
      for (const res of held) if (!res.destroyed) res.end('{}');
      held = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const failureOf = (sending: Promise<unknown>): Promise<unknown> =>
  sending.then(
    () => null,
    (error: unknown) => error,
  );

let open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(open.map((thing) => thing.close()));
  open = [];
});

function transport(connections: number): HttpTransport {
  const http = createHttpTransport({ connections });
  open.push(http);
  return http;
}

describe('the transport', () => {
  it('reads the status, the body and Retry-After of an answer', async () => {
    const server = await upstream();
    open.push(server);
    const answer = await transport(2).send({ method: 'GET', url: `${server.url}/x`, headers: {}, timeoutMs: 5_000 });
    expect(answer).toEqual({ status: 429, text: '{"ok":true}', retryAfter: '7' });
  });

  it('says a request that could not connect never left', async () => {
    const server = await upstream();
    const { url } = server;
    await server.close();
    const failure = await failureOf(
      transport(2).send({ method: 'POST', url: `${url}/x`, headers: {}, body: '{}', timeoutMs: 5_000 }),
    );
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ kind: 'network', maybeDelivered: false });
  });

  it('reads an answer as UTF-8, without a leading byte-order mark', async () => {
    const server = await upstream();
    open.push(server);
    const answer = await transport(2).send({ method: 'GET', url: `${server.url}/bom`, headers: {}, timeoutMs: 5_000 });
    expect(answer.text).toBe('{"é":1}');
    expect(JSON.parse(answer.text)).toEqual({ é: 1 });
  });

  it('says a request that timed out on its connection may have arrived', async () => {
    const server = await upstream();
    open.push(server);
    const http = transport(2);
    const sending = failureOf(
      http.send({ method: 'POST', url: `${server.url}/hold`, headers: {}, body: '{}', timeoutMs: 1_000 }),
    );
    await eventually(() => server.received.length === 1, { what: 'the request to arrive' });
    expect(await sending).toMatchObject({ kind: 'timeout', maybeDelivered: true });
    expect(server.received).toEqual(['/hold']);
  });

  it('says a request given up while it waited for a connection never left, and never sends it later', async () => {
    const server = await upstream();
    open.push(server);
    const http = transport(1);
    const first = http.send({
      method: 'POST',
      url: `${server.url}/hold-1`,
      headers: {},
      body: '{}',
      timeoutMs: 60_000,
    });
    await eventually(() => server.received.length === 1, { what: 'the first request on the only connection' });

    const queued = await failureOf(
      http.send({ method: 'POST', url: `${server.url}/queued`, headers: {}, body: '{}', timeoutMs: 50 }),
    );
    expect(queued).toMatchObject({ kind: 'timeout', maybeDelivered: false });
    const controller = new AbortController();
    const aborted = failureOf(
      http.send({
        method: 'POST',
        url: `${server.url}/aborted`,
        headers: {},
        body: '{}',
        timeoutMs: 60_000,
        signal: controller.signal,
      }),
    );
    controller.abort();
    expect(await aborted).toMatchObject({ kind: 'aborted', maybeDelivered: false });

    // The connection frees up: what was given up is never written on it, and it stays open for a later request.
    server.release();
    expect(await first).toMatchObject({ status: 200 });
    expect(await http.send({ method: 'GET', url: `${server.url}/after`, headers: {}, timeoutMs: 5_000 })).toMatchObject(
      { status: 429 },
    );
    expect(server.received).toEqual(['/hold-1', '/after']);
    expect(server.connections()).toBe(1);
  });

  it('says a request aborted by its caller after it was written may have arrived', async () => {
    const server = await upstream();
    open.push(server);
    const controller = new AbortController();
    const sending = failureOf(
      transport(2).send({
        method: 'POST',
        url: `${server.url}/hold`,
        headers: {},
        body: '{}',
        timeoutMs: 60_000,
        signal: controller.signal,
      }),
    );
    await eventually(() => server.received.length === 1, { what: 'the request to arrive' });
    controller.abort();
    expect(await sending).toMatchObject({ kind: 'aborted', maybeDelivered: true });
  });
});

describe('a transport failure as an upstream error', () => {
  it('is not sent exactly when the request never left, so a money action may be declared not applied', () => {
    const never = errorFromTransport('oakTransferToDepositPost', new TransportError('timeout', false), 'T', false);
    expect(never.details).toMatchObject({ notSent: true });
    expect(never.details.outcomeUnknown).toBeUndefined();
    const maybe = errorFromTransport('oakTransferToDepositPost', new TransportError('timeout', true), 'T', false);
    expect(maybe.details).toMatchObject({ outcomeUnknown: true });
    expect(maybe.details.notSent).toBeUndefined();
    const network = errorFromTransport('oakTransferToDepositPost', new TransportError('network', false), 'T', false);
    expect(network.details).toMatchObject({ notSent: true });
  });
});
