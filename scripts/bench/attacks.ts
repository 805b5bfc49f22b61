/**
 * The attacks of `npm run bench:attacks`, each against one subgraph over loopback, bounded in count and
 * time, each returning what the attacker got: HTTP statuses and `extensions.code`s counted, or the
 * graphql-ws messages received and how the socket ended.
 */
import autocannon from 'autocannon';
import { getIntrospectionQuery } from 'graphql';
import WebSocket from 'ws';
import { requestBody, SCENARIOS } from './scenarios.js';

export interface AttackTarget {
  readonly url: string;
}

export interface Attack {
  readonly name: string;
  readonly title: string;
  /** Watched idle for the whole wait afterwards, not only until memory is back within 1.5× of idle. */
  readonly fullWait?: boolean;
  /** Runs the attack to its end; returns what the attacker got. */
  run(target: AttackTarget): Promise<string>;
}

/** Counts of what came back, printed as `key ×n`. */
class Tally {
  private readonly counts = new Map<string, number>();

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  toString(): string {
    return [...this.counts].map(([key, n]) => `${key} ×${n}`).join(', ') || 'nothing';
  }
}

const SUBSCRIBES = 60;
const ALIASED_COPIES = 29;
const REPRESENTATIONS = 999;
const VARIABLE_DEPTH = 100_000;
const COMMENT_BYTES = 5 * 1024 * 1024;
const UNUSED_VARIABLE_CHARS = 10_000_000;
const UNUSED_VARIABLE_REQUESTS = 20;
const HTTP_TIMEOUT_MS = 60_000;

/** The full introspection query (with descriptions), its `__schema` field aliased `copies` times, the fragments once. */
export function aliasedIntrospection(copies: number): string {
  const full = getIntrospectionQuery({ descriptions: true });
  const fragmentsAt = full.indexOf('fragment ');
  const operation = full.slice(0, fragmentsAt);
  const schemaField = operation.slice(operation.indexOf('__schema'), operation.lastIndexOf('}')).trim();
  const fields = Array.from({ length: copies }, (_, i) => `s${i}: ${schemaField}`).join('\n');
  return `query AliasedIntrospection {\n${fields}\n}\n${full.slice(fragmentsAt)}`;
}

function errorCodes(text: string): string[] {
  try {
    const answer = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
    return (answer.errors ?? []).map((error) => error.extensions?.code ?? 'no code');
  } catch {
    return ['not JSON'];
  }
}

/** POSTs `body` to /graphql and tallies `<status> <first error code>` (or the failure). */
async function post(target: AttackTarget, body: string, tally: Tally): Promise<void> {
  try {
    const res = await fetch(`${target.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const text = await res.text();
    const codes = errorCodes(text);
    tally.add(`${res.status}${codes[0] ? ` ${codes[0]}` : ''}`);
  } catch (error) {
    tally.add(
      `failed: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : 'unknown'}`,
    );
  }
}

async function postAll(target: AttackTarget, bodies: readonly string[]): Promise<string> {
  const tally = new Tally();
  await Promise.all(bodies.map((body) => post(target, body, tally)));
  return `HTTP: ${tally.toString()}`;
}

const queryBody = (query: string): string => JSON.stringify({ query });

interface SocketEnd {
  closed: string | null;
  received: number;
}

/**
 * One graphql-ws connection sending `queries` as `subscribe` messages. Reading, it waits until each
 * operation has ended or the socket closed; not reading (paused before the answers come), it waits
 * `holdMs`, then reads again for what came and how the socket ended.
 */
function socketAttack(
  target: AttackTarget,
  queries: readonly string[],
  read: boolean,
  holdMs: number,
): Promise<string> {
  const tally = new Tally();
  const ended = new Set<string>();
  const end: SocketEnd = { closed: null, received: 0 };
  const socket = new WebSocket(`${target.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
  socket.on('message', (data: Buffer) => {
    end.received += data.length;
    const message = JSON.parse(data.toString()) as { type: string; id?: string; payload?: unknown };
    if (message.type === 'connection_ack') return sendAll(socket, queries, read);
    if (message.type === 'error') tally.add(`error ${firstCode(message.payload)}`);
    else tally.add(message.type);
    if ((message.type === 'complete' || message.type === 'error') && message.id) ended.add(message.id);
  });
  socket.on('close', (code, reason) => (end.closed = `${code} ${reason.toString()}`.trim()));
  socket.on('error', (error) => tally.add(`socket error: ${error.message}`));
  return settleSocket(socket, () => ended.size >= queries.length || end.closed !== null, read, holdMs).then(() => {
    const closing = end.closed === null ? 'socket still open at the end' : `closed by the server: ${end.closed}`;
    socket.terminate();
    return `${tally.toString()}; ${closing}; ${size(end.received)} read`;
  });
}

const size = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function sendAll(socket: WebSocket, queries: readonly string[], read: boolean): void {
  if (!read) socket.pause();
  queries.forEach((query, i) => socket.send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query } })));
}

function firstCode(payload: unknown): string {
  if (!Array.isArray(payload)) return '';
  const first: unknown = payload[0];
  if (typeof first !== 'object' || first === null || !('extensions' in first)) return '';
  const extensions: unknown = first.extensions;
  return typeof extensions === 'object' && extensions !== null && 'code' in extensions ? String(extensions.code) : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settleSocket(socket: WebSocket, done: () => boolean, read: boolean, holdMs: number): Promise<void> {
  const deadline = Date.now() + holdMs;
  while (Date.now() < deadline && !(read && done())) await sleep(50);
  if (read) return;
  socket.resume();
  const drainBy = Date.now() + 5_000;
  while (Date.now() < drainBy && !done()) await sleep(50);
}

function deepVariablesBody(depth: number): string {
  const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{"query":"{ __typename }","variables":{"v":${deep}}}`;
}

function commentQueryBody(bytes: number): string {
  const line = `# ${'x'.repeat(97)}\n`;
  return queryBody(`${line.repeat(Math.ceil(bytes / line.length))}{ __typename }`);
}

const entitiesBody = (): string =>
  JSON.stringify({
    query:
      'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Person { militaryService { allowed } } } }',
    variables: {
      representations: Array.from({ length: REPRESENTATIONS }, () => ({
        __typename: 'Person',
        nationalId: '0499370899',
      })),
    },
  });

async function load(target: AttackTarget, seconds: number, connections: number): Promise<string> {
  const result = await autocannon({
    url: `${target.url}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: requestBody(SCENARIOS.postal),
    connections,
    duration: seconds,
  });
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(
    ([status, { count }]) => `${status} ×${count ?? 0}`,
  );
  return (
    `HTTP: ${statuses.join(', ') || 'none'}; ${result.errors} errors, ${result.timeouts} timeouts; ` +
    `${(result.requests.average ?? 0).toFixed(0)} req/s, latency p99 ${result.latency.p99} ms`
  );
}

/** The attacks, in order; `holdMs` bounds a socket that does not read, `loadSeconds` the load. */
export function attacks(options: { holdMs: number; loadSeconds: number; loadConnections: number }): Attack[] {
  // Built once, before any sample starts: building them is the attacker's work, not the target's.
  const aliased = aliasedIntrospection(ALIASED_COPIES);
  const single = getIntrospectionQuery({ descriptions: true });
  const aliasedQueries = Array.from({ length: SUBSCRIBES }, () => aliased);
  const singleQueries = Array.from({ length: SUBSCRIBES }, () => single);
  const deep = deepVariablesBody(VARIABLE_DEPTH);
  const comments = commentQueryBody(COMMENT_BYTES);
  const unused = JSON.stringify({ query: '{ __typename }', variables: { unused: 'x'.repeat(UNUSED_VARIABLE_CHARS) } });
  const entities = entitiesBody();
  return [
    {
      name: '0',
      title: 'none: the process left idle for 3 s (the baseline)',
      run: () => sleep(3_000).then(() => 'nothing sent'),
    },
    {
      name: '1a',
      title: `graphql-ws: ${SUBSCRIBES} subscribes of ${ALIASED_COPIES} aliased full introspections, reading`,
      run: (t) => socketAttack(t, aliasedQueries, true, HTTP_TIMEOUT_MS),
    },
    {
      name: '1b',
      title: `graphql-ws: ${SUBSCRIBES} subscribes of ${ALIASED_COPIES} aliased full introspections, not reading`,
      run: (t) => socketAttack(t, aliasedQueries, false, options.holdMs),
    },
    {
      name: '2',
      title: `graphql-ws: ${SUBSCRIBES} subscribes of one full introspection, not reading`,
      run: (t) => socketAttack(t, singleQueries, false, options.holdMs),
    },
    {
      name: '3a',
      title: `HTTP: ${SUBSCRIBES} concurrent ${ALIASED_COPIES}-aliased full introspections`,
      run: (t) => postAll(t, aliasedQueries.map(queryBody)),
    },
    {
      name: '3b',
      title: `HTTP: ${SUBSCRIBES} concurrent full introspections`,
      run: (t) => postAll(t, singleQueries.map(queryBody)),
    },
    {
      name: '4',
      title: `\`_entities\` with ${REPRESENTATIONS} \`Person\` representations: \`militaryService { allowed }\``,
      run: (t) => postAll(t, [entities]),
    },
    {
      name: '5',
      title: `variables nested ${VARIABLE_DEPTH.toLocaleString('en')} deep`,
      run: (t) => postAll(t, [deep]),
    },
    { name: '6', title: 'a 5 MiB query, all comment', run: (t) => postAll(t, [comments]) },
    {
      name: '7',
      title: `${UNUSED_VARIABLE_REQUESTS} concurrent \`{ __typename }\` with a 10 MB unused variable`,
      run: (t) =>
        postAll(
          t,
          Array.from({ length: UNUSED_VARIABLE_REQUESTS }, () => unused),
        ),
    },
    {
      name: '8',
      title: `load: ${options.loadConnections} connections for ${options.loadSeconds} s of \`postal\``,
      fullWait: true,
      run: (t) => load(t, options.loadSeconds, options.loadConnections),
    },
  ];
}
