/**
 * The replay of the documentation's sample answers: a subgraph in front of a stand-in upstream that
 * answers each documented operation with its sample, byte for byte, and the OAuth endpoints of every grant
 * from a sandbox behind it; and the check that a case's answer in the graph shows the sample's values.
 */
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/lib/clock.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { correctedSample, documentedSamples } from '../fixtures/documentedSamples/sample.js';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { postGraphQL, subgraphEnv, type Harness } from '../helpers/harness.js';
import { startSamplesUpstream, type SamplesUpstream } from '../helpers/samplesUpstream.js';
import { leafPaths, upstreamPath, valuesAt, type DocumentedOperation } from '../completeness/support.js';

/** The documentation's sample answers, corrected into JSON, by operation id. */
export const SAMPLES: ReadonlyMap<string, string> = new Map(
  [...documentedSamples()].map(([id, fixture]) => [id, correctedSample(fixture)]),
);

/** The `result` of an operation's sample, or what is beside the envelope's keys when it has none. */
export function sampleResult(operationId: string): unknown {
  const text = SAMPLES.get(operationId);
  if (text === undefined) throw new Error(`no documented sample for ${operationId}`);
  const { trackId, status, responseCode, ...beside } = JSON.parse(text) as Record<string, unknown>;
  void [trackId, status, responseCode];
  return 'result' in beside ? beside['result'] : beside;
}

export interface Replay extends Harness {
  readonly upstream: SamplesUpstream;
}

/** The inbound number of the receive-SMS sample, made one of the subgraph's sender numbers. */
export const SAMPLE_INBOX_NUMBER = '88880777';

/** The secret of the subgraph's action trackIds: the call log's sample names one of them (its corrections). */
export const SAMPLE_ACTION_TRACK_SECRET = 'documented samples: the replay’s action trackId secret';

/** One subgraph for the file, in front of the stand-in; `calls` of the stand-in are cleared by the tests that count them. */
export function useReplay(): Replay {
  let sandbox: Sandbox | undefined;
  let upstream: SamplesUpstream | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ asyncDelayMs: 50, otpLifetimeMs: 60_000 });
    upstream = await startSamplesUpstream(sandbox.url, SAMPLES);
    const env = subgraphEnv(sandbox);
    server = await startServer(
      loadConfig({
        ...env,
        UPSTREAM_BASE_URL: upstream.url,
        SMS_SENDER_NUMBERS: `${env['SMS_SENDER_NUMBERS']},${SAMPLE_INBOX_NUMBER}`,
        SMS_INBOX_POLL_MS: '50',
        ACTION_TRACK_SECRET: SAMPLE_ACTION_TRACK_SECRET,
      }),
      { clock: systemClock },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
    await sandbox?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started`);
    return value;
  };
  return {
    get sandbox() {
      return started(sandbox, 'sandbox');
    },
    get server() {
      return started(server, 'subgraph');
    },
    get upstream() {
      return started(upstream, 'stand-in');
    },
    clock: systemClock,
    gql: (query, variables, headers) => postGraphQL(started(server, 'subgraph').url, query, variables, headers),
    upstreamCalls: (operationId) =>
      started(sandbox, 'sandbox')
        .calls(operationId)
        .filter((call) => call.operationId !== 'token'),
    close: async () => undefined,
  };
}

/** A scalar as compared: text, Latin digits, no case or edges. */
const comparable = (value: unknown): string =>
  String(value)
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .trim()
    .toLowerCase();

const given = (value: unknown): boolean =>
  value !== null && value !== undefined && value !== '' && typeof value !== 'object';

/**
 * What the graph fails to show of a sample, by the case's map of its fields: fields of the sample the
 * case does not know, fields mapped as they are whose sample value is not at their path, and reshaped
 * fields with no value at theirs. `allowed` names the fields whose difference is explained.
 */
export function misreadings(
  documented: DocumentedOperation,
  result: unknown,
  data: unknown,
  allowed: ReadonlySet<string>,
): string[] {
  const problems = leafPaths(result)
    .filter((field) => !(field in documented.fields) && !allowed.has(field))
    .map((field) => `${field}: not read by the case`);
  for (const [field, target] of Object.entries(documented.fields)) {
    if (allowed.has(field) || (typeof target === 'object' && 'notInGraph' in target)) continue;
    const values = valuesAt(result, upstreamPath(field)).filter(given);
    if (values.length === 0) continue;
    const path = typeof target === 'string' ? target : target.path;
    const shown = valuesAt(data, path);
    if (typeof target === 'string') {
      const texts = new Set(shown.map(comparable));
      if (!values.some((value) => texts.has(comparable(value))))
        problems.push(`${field} ${JSON.stringify(values[0])} → ${path} ${JSON.stringify(shown.slice(0, 2))}`);
    } else if (!shown.some((value) => value !== null && value !== undefined)) {
      problems.push(`${field} ${JSON.stringify(values[0])} → ${path} shows nothing`);
    }
  }
  return problems;
}
