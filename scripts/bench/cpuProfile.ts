/**
 * CPU profiles of a running target over the DevTools protocol (the process started with `--inspect`),
 * and the profile's samples summed into the parts of the work: the time of one measured run only, not
 * of start-up or warm-up.
 */
import WebSocket from 'ws';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A DevTools session with one process's inspector. */
export class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
    });
  }

  /** Connects to the inspector listening on `port` (the first target it lists). */
  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
      webSocketDebuggerUrl: string;
    }>;
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no inspector target on port ${port}`);
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Inspector(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.pending.set(id, (result) => resolve(result as T));
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Samples the process every `intervalUs` microseconds while `work` runs. */
  async profile<T>(work: () => Promise<T>, intervalUs = 250): Promise<{ result: T; profile: CpuProfile }> {
    await this.send('Profiler.enable');
    await this.send('Profiler.setSamplingInterval', { interval: intervalUs });
    await this.send('Profiler.start');
    const result = await work();
    const { profile } = await this.send<{ profile: CpuProfile }>('Profiler.stop');
    return { result, profile };
  }

  close(): void {
    this.socket.close();
  }
}

/** The parts of the work a sample is counted in, in the order the report lists them. */
export const PARTS = [
  'HTTP server and sockets (node:http, net, streams)',
  'upstream HTTP client (undici)',
  'Apollo Server request pipeline',
  'GraphQL parse, validate, execute (graphql, federation)',
  'JSON: answers parsed, loader keys written',
  'garbage collection',
  'promises, timers, abort signals (Node internals)',
  'own code: upstream client (scheduler, resilience, envelope)',
  'own code: datasources and records',
  'own code: resolvers',
  'own code: server, context, limits, observability, lib',
  'libraries: cockatiel, dataloader, zod, prom-client, pino, OpenTelemetry',
  'the floor’s own code',
  'other',
] as const;
export type Part = (typeof PARTS)[number];

const OWN = /\/dist\/(.*)$/;

/** The part a JavaScript frame belongs to, from its script; null for a native frame (counted with its caller). */
function partOfScript(url: string): Part | null {
  if (url === '') return null;
  if (url.includes('/node_modules/.cache/bench/')) return 'the floor’s own code';
  const own = url.includes('/node_modules/') ? undefined : OWN.exec(url)?.[1];
  if (own !== undefined) {
    if (own.startsWith('datasources/upstream/')) return 'own code: upstream client (scheduler, resilience, envelope)';
    if (own.startsWith('datasources/')) return 'own code: datasources and records';
    if (own.startsWith('resolvers/') || own.startsWith('federation/')) return 'own code: resolvers';
    // V8 counts JSON.parse and JSON.stringify in the function that calls them: here, our JSON module.
    if (own === 'lib/json.js') return 'JSON: answers parsed, loader keys written';
    return 'own code: server, context, limits, observability, lib';
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg !== undefined) {
    if (pkg === 'undici') return 'upstream HTTP client (undici)';
    if (pkg === 'graphql' || pkg.startsWith('@apollo/subgraph') || pkg.startsWith('@apollo/federation'))
      return 'GraphQL parse, validate, execute (graphql, federation)';
    if (pkg.startsWith('@apollo/') || pkg === 'negotiator' || pkg === 'lru-cache' || pkg.startsWith('@graphql-tools'))
      return 'Apollo Server request pipeline';
    if (pkg.startsWith('@escape.tech')) return 'own code: server, context, limits, observability, lib';
    return 'libraries: cockatiel, dataloader, zod, prom-client, pino, OpenTelemetry';
  }
  if (/^node:(_http|net|internal\/(streams|stream_base|http|net|url))/.test(url) || url.startsWith('node:http'))
    return 'HTTP server and sockets (node:http, net, streams)';
  if (url.startsWith('node:')) return 'promises, timers, abort signals (Node internals)';
  return 'other';
}

/** Microseconds of CPU per part (idle left out; V8's own `(program)` counted as other), and their total. */
export function partsOf(profile: CpuProfile): { byPart: Map<Part, number>; totalUs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const partOfNode = new Map<number, Part>();
  const resolve = (id: number): Part => {
    const known = partOfNode.get(id);
    if (known) return known;
    const frame = byId.get(id)?.callFrame;
    let part: Part;
    if (!frame) part = 'other';
    else if (frame.functionName === '(garbage collector)') part = 'garbage collection';
    else if (frame.url === '' && (frame.functionName === 'parse' || frame.functionName === 'stringify'))
      part = 'JSON: answers parsed, loader keys written';
    else {
      const parent = parentOf.get(id);
      part = partOfScript(frame.url) ?? (parent === undefined ? 'other' : resolve(parent));
    }
    partOfNode.set(id, part);
    return part;
  };
  const byPart = new Map<Part, number>();
  let totalUs = 0;
  profile.samples.forEach((id, index) => {
    const name = byId.get(id)?.callFrame.functionName;
    if (name === '(idle)' || name === '(root)') return;
    const us = profile.timeDeltas[index] ?? 0;
    const part = resolve(id);
    byPart.set(part, (byPart.get(part) ?? 0) + us);
    totalUs += us;
  });
  return { byPart, totalUs };
}
