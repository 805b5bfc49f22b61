import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import {
  collectSubscription,
  freePort,
  openWsClient,
  PROCESS_TEST_TIMEOUT_MS,
  readyUrl,
  spawnSubgraph,
  tryConnect,
  type ChildRun,
  type WsClient,
} from '../helpers/procUtils.js';
import { samples } from '../helpers/samples.js';
import { eventually } from '../helpers/eventually.js';

interface BillResponse {
  data?: { bill: { amount: string | null } | null };
  errors?: unknown[];
}

interface LogLine {
  level: number;
  msg: string;
  signal?: string;
  url?: string;
}

/** The drain the children are started with: long enough to observe, short enough for a fast test. */
const DRAIN_MS = 800;
const DRAINING = 'draining: /readyz answers 503, requests are still served';

const BILL_QUERY = `{ bill(type: WATER, parameter: "${samples.waterBillId}") { amount } }`;

async function postGraphQL(url: string, query: string): Promise<{ status: number; body: BillResponse }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as BillResponse };
}

/** The pino JSON lines of the child's stdout. */
function logLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/**
 * The messages logged after "subgraph ready", sorted: the code logs "shutting down" before "subgraph
 * stopped", but the child's piped stdout has twice been seen to deliver them swapped, so only which
 * lines were logged is asserted, not their order.
 */
function afterReady(messages: string[]): string[] {
  const ready = messages.indexOf('subgraph ready');
  expect(ready).toBeGreaterThanOrEqual(0);
  return messages.slice(ready + 1).sort();
}

describe('the real process (node --import tsx src/index.ts)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let sandbox: Sandbox;
  const children: ChildRun[] = [];
  const clients: WsClient[] = [];
  let drainedStdout: string | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ asyncDelayMs: 60_000 });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await Promise.all(children.splice(0).map((c) => c.kill()));
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  function childEnv(port: number): Record<string, string> {
    return {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      UPSTREAM_BASE_URL: sandbox.url,
      UPSTREAM_CLIENT_ID: sandbox.options.clientId,
      UPSTREAM_CLIENT_SECRET: sandbox.options.clientSecret,
      UPSTREAM_CLIENT_NID: sandbox.options.clientNid,
      UPSTREAM_TIMEOUT_MS: '5000',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
  }

  /** Spawns the subgraph on a free port and waits for /readyz 200. */
  /**
   * Starts the child on port 0 and reads the port it got from its "subgraph ready" log line: probing
   * for a free port first would race with the other test files' servers.
   */
  async function startChild(): Promise<{ run: ChildRun; port: number; origin: string }> {
    const run = spawnSubgraph(childEnv(0));
    children.push(run);
    const url = await readyUrl(run);
    const origin = new URL(url).origin;
    const res = await fetch(`${origin}/readyz`);
    expect(res.status).toBe(200);
    return { run, port: Number(new URL(url).port), origin };
  }

  it('drains on SIGTERM: /readyz 503 while requests are still served, then new connections are refused, the in-flight request completes, WebSockets get 1001, exit 0', async () => {
    const { run, port, origin } = await startChild();
    const url = `${origin}/graphql`;

    // The amount the sandbox gives for this bill, for comparison with the answer that arrives while draining.
    const before = await postGraphQL(url, BILL_QUERY);
    expect(before.status).toBe(200);
    const expectedAmount = before.body.data?.bill?.amount;
    expect(expectedAmount).toMatch(/^\d+$/);

    // A WebSocket on /ws, subscribed to a job that will not finish for a minute.
    const ws = openWsClient(`ws://127.0.0.1:${port}/ws`);
    clients.push(ws);
    await ws.connected;
    const started = await ws.client
      .iterate<{ startBillInquiry: { id: string } }>({
        query: `mutation { startBillInquiry(input: {type: TEL, parameter: "${samples.landline}"}) { id } }`,
      })
      .next();
    const jobId = started.done ? undefined : started.value.data?.startBillInquiry.id;
    expect(jobId).toMatch(/.+/);
    const sub = collectSubscription<{ jobUpdated: { id: string; status: string } }>(
      ws.client,
      'subscription($id: ID!) { jobUpdated(id: $id) { id status } }',
      { id: jobId },
    );
    await eventually(() => (sub.results.length > 0 ? true : undefined), { what: 'the first jobUpdated event' });
    expect(sub.results[0]).toEqual({ data: { jobUpdated: { id: jobId, status: 'PENDING' } } });

    // A bill query that stays in flight at the upstream past the drain.
    sandbox.clearCalls();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: DRAIN_MS + 1500 });
    let inFlightSettled = false;
    const inFlight = postGraphQL(url, BILL_QUERY).finally(() => (inFlightSettled = true));
    inFlight.catch(() => undefined); // awaited below; this only keeps an early failure from also reporting an unhandled rejection
    await eventually(() => (sandbox.calls('billingInquiryCcGet').some((c) => c.status === 0) ? true : undefined), {
      what: 'the bill call to reach the sandbox',
    });

    const signalledAt = Date.now();
    expect(run.child.kill('SIGTERM')).toBe(true);

    // First the drain: readiness fails so a load balancer stops routing here, but requests are still answered.
    await eventually(async () => ((await fetch(`${origin}/readyz`)).status === 503 ? true : undefined), {
      what: '/readyz to answer 503',
      timeoutMs: DRAIN_MS,
      intervalMs: 10,
    });
    const duringDrain = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect({
      status: duringDrain.status,
      connection: duringDrain.headers.get('connection'),
      body: await duringDrain.json(),
    }).toEqual({
      status: 200,
      connection: 'close',
      body: { data: { __typename: 'Query' } },
    });
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS);

    // New connections are refused while the old request is still being served.
    // (A connection caught in the accept backlog while the listener closes may be reset instead; keep trying.)
    const outcomes = new Set<string>();
    await eventually(
      async () => {
        const outcome = await tryConnect(port);
        outcomes.add(outcome);
        return outcome === 'ECONNREFUSED' ? true : undefined;
      },
      { what: 'new connections to be refused', timeoutMs: DRAIN_MS + 3_000, intervalMs: 10 },
    );
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    expect([...outcomes].filter((o) => o !== 'connected' && o !== 'ECONNRESET' && o !== 'ECONNREFUSED')).toEqual([]);
    expect(inFlightSettled).toBe(false);

    // The in-flight request completes normally.
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { bill: { amount: expectedAmount } } });
    expect(sandbox.calls('billingInquiryCcGet').map((c) => c.status)).toEqual([200]);

    // The WebSocket is closed with 1001 Going Away; the subscription ends without a final state.
    const close = await ws.firstClose;
    expect(close).toEqual({ code: 1001, reason: 'Going away' });
    expect(await sub.ended).toBe('error');
    expect(sub.results).toHaveLength(1);

    // The process exits 0, promptly, and nothing listens any more.
    const exit = await run.exited;
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(DRAIN_MS + 5_000);
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
    expect(run.stderr()).toBe('');

    const shutdownLog = logLines(run.stdout()).find((l) => l.msg === 'shutting down');
    expect(shutdownLog?.signal).toBe('SIGTERM');
    drainedStdout = run.stdout();
  });

  it('…and that exit 0 came from a completed shutdown: "subgraph stopped" logged, no second signal', () => {
    // Uses the output of the previous test's child (undefined if that test did not get this far).
    expect(drainedStdout, 'the drain test must have run to completion').toBeTypeOf('string');
    const messages = logLines(drainedStdout ?? '').map((l) => l.msg);
    expect(afterReady(messages)).toEqual([DRAINING, 'shutting down', 'subgraph stopped']);
  });

  it('an idle process exits 0 on SIGTERM after its drain and a complete shutdown ("subgraph stopped", no second signal)', async () => {
    const { run } = await startChild();
    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    const exit = await run.exited;
    expect(exit.at - signalledAt).toBeLessThan(DRAIN_MS + 5_000);
    const messages = logLines(run.stdout()).map((l) => l.msg);
    expect({ code: exit.code, signal: exit.signal, log: afterReady(messages) }).toEqual({
      code: 0,
      signal: null,
      log: [DRAINING, 'shutting down', 'subgraph stopped'],
    });
  });

  it('exits non-zero with a message naming the variable when the config is invalid', async () => {
    const port = await freePort();
    const run = spawnSubgraph({ ...childEnv(port), UPSTREAM_BASE_URL: 'not-a-url' });
    children.push(run);
    const exit = await run.exited;
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toMatch(/^Invalid configuration:\n {2}UPSTREAM_BASE_URL: /);
    expect(run.stderr()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(run.stdout()).toBe('');
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
  });
});
