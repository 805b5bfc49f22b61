/**
 * The benchmark's floor (scripts/bench/floor.ts) is a fair comparison: for each scenario it makes the
 * same upstream calls as the subgraph (the same operations with the same parameters, token requests
 * included, each as often) and answers the same data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFloor, type RunningFloor } from '../../scripts/bench/floor.js';
import { SCENARIO_NAMES, SCENARIOS, requestBody, type Scenario } from '../../scripts/bench/scenarios.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import type { RecordedCall } from '../fixtures/sandbox.js';

let h: Harness;
let floor: RunningFloor;

beforeAll(async () => {
  h = await startHarness();
  floor = await startFloor({
    baseUrl: h.sandbox.url,
    clientId: h.sandbox.options.clientId,
    clientSecret: h.sandbox.options.clientSecret,
    clientNid: h.sandbox.options.clientNid,
  });
});

afterAll(async () => {
  await floor.close();
  await h.close();
});

/** A call as the upstream sees it, its own trackId left out; keys sorted, so the order of parameters does not matter. */
function signature(call: RecordedCall): string {
  const sorted = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value;
  const { trackId: _ownTrackId, ...query } = call.query;
  return `${call.operationId} ${call.method} ${call.path} ${JSON.stringify(sorted(query))} ${JSON.stringify(sorted(call.body))}`;
}

/** Sends `scenario` to `url`; the answer's data and the upstream calls it made. */
async function run(url: string, scenario: Scenario): Promise<{ data: unknown; calls: string[] }> {
  h.sandbox.clearCalls();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: requestBody(scenario),
  });
  const answer = (await res.json()) as { data?: unknown; errors?: unknown };
  expect(answer.errors).toBeUndefined();
  expect(res.status).toBe(200);
  return { data: answer.data, calls: h.sandbox.calls().map(signature).sort() };
}

describe('the floor', () => {
  // In order, each scenario to the subgraph then to the floor: both ask for a scope's token the first time they need it.
  it.each(SCENARIO_NAMES.map((name) => [name]))(
    'answers %s with the upstream calls and data of the subgraph',
    async (name) => {
      const scenario = SCENARIOS[name];
      const subgraph = await run(h.server.url, scenario);
      const plain = await run(`${floor.url}/${name}`, scenario);
      expect(subgraph.calls.length).toBeGreaterThan(0);
      expect(plain.calls).toEqual(subgraph.calls);
      expect(plain.data).toEqual(subgraph.data);
    },
  );

  it('makes each call once per request however often the request names it', async () => {
    const again = await run(`${floor.url}/aliases`, SCENARIOS.aliases);
    expect(again.calls).toEqual([expect.stringMatching(/^ecityPostalCodeGet /)]);
  });

  it('answers 404 for a path that is no scenario', async () => {
    const res = await fetch(`${floor.url}/nothing`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});
