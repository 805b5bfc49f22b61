import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { subgraphEnv, useHarness } from '../helpers/harness.js';
import { openWsClient } from '../helpers/procUtils.js';
import { samples } from '../helpers/samples.js';
import { eventually } from '../helpers/eventually.js';

const BILL_QUERY = `{ bill(type: WATER, parameter: "${samples.waterBillId}") { amount } }`;

/** The value of one series in Prometheus text, or 0 when it is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  const harness = useHarness();
  const metrics = async () => {
    const res = await fetch(new URL('/metrics', harness.server.url));
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  it('counts GraphQL operations by type and outcome, and times them', async () => {
    const before = await metrics();
    expect((await harness.gql(BILL_QUERY)).errors).toBeUndefined();
    expect((await harness.gql('{ nope }')).errors).toHaveLength(1);
    const after = await metrics();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('subgraph_graphql_operations_total{type="query",outcome="ok"}')).toBe(1);
    expect(delta('subgraph_graphql_operations_total{type="unknown",outcome="error"}')).toBe(1);
    expect(delta('subgraph_graphql_operation_duration_seconds_count{type="query"}')).toBe(1);
    // The process's own metrics come along.
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('counts operations over graphql-ws too: refused ones as unknown errors, answered ones by their outcome', async () => {
    const before = await metrics();
    const ws = openWsClient(harness.server.url.replace(/^http/, 'ws'));
    await ws.connected;
    const answer = async (query: string) => {
      try {
        const next = await ws.client.iterate({ query }).next();
        return next.done ? undefined : next.value;
      } catch (errors) {
        return { errors };
      }
    };
    expect(await answer('{ __typename }')).toEqual({ data: { __typename: 'Query' } });
    expect(await answer('{ bill(type: WATER, parameter: "12") { amount } }')).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const deep = `{ ${'company(nationalId: "10101010101") { boardMembers { person { '.repeat(6)}nationalId${' } } }'.repeat(6)} }`;
    expect(await answer(deep)).toMatchObject({
      errors: expect.arrayContaining([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'OPERATION_LIMIT_EXCEEDED' }) }),
      ]),
    });
    await ws.dispose();
    const open = sample(before, 'subgraph_websocket_connections');
    await eventually(
      async () => (sample(await metrics(), 'subgraph_websocket_connections') === open ? true : undefined),
      { what: 'the connection to close' },
    );
    const after = await metrics();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('subgraph_graphql_operations_total{type="query",outcome="ok"}')).toBe(1);
    expect(delta('subgraph_graphql_operations_total{type="query",outcome="error"}')).toBe(1);
    expect(delta('subgraph_graphql_operations_total{type="unknown",outcome="error"}')).toBe(1);
  });

  it('gauges open WebSocket connections', async () => {
    const series = 'subgraph_websocket_connections';
    const base = sample(await metrics(), series);
    const ws = openWsClient(harness.server.url.replace(/^http/, 'ws'));
    await ws.connected;
    await eventually(async () => (sample(await metrics(), series) === base + 1 ? true : undefined), {
      what: 'the connection to be counted',
    });
    await ws.dispose();
    await eventually(async () => (sample(await metrics(), series) === base ? true : undefined), {
      what: 'the connection to be uncounted',
    });
  });
});

describe('/metrics switched off', () => {
  let sandbox: Sandbox;
  let server: RunningServer;
  beforeAll(async () => {
    sandbox = await startSandbox();
    server = await startServer(loadConfig({ ...subgraphEnv(sandbox), METRICS_ENABLED: 'false' }));
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.close();
  });

  it('answers 404', async () => {
    expect((await fetch(new URL('/metrics', server.url))).status).toBe(404);
  });
});
