/**
 * Helpers for tests that talk to a real server process or socket: free ports, child processes,
 * polling with a deadline, raw TCP connection attempts and graphql-ws clients.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { eventually } from './eventually.js';

/**
 * How long a test that starts subgraph processes may take, and how long one process may take to be
 * ready: a process compiles the project with tsx as it starts, which takes several seconds on a loaded
 * machine running the rest of the suite beside it.
 */
export const PROCESS_TEST_TIMEOUT_MS = 60_000;
export const PROCESS_READY_MS = 30_000;

/** The project root (where package.json and src/ live). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A TCP port that was free a moment ago: listen on 0, read the port, close. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Opens a brand-new TCP connection (never a pooled keep-alive socket) and reports how it went:
 * 'connected', or the error code (e.g. 'ECONNREFUSED').
 */
export function tryConnect(port: number, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      resolve(error.code ?? error.message);
    });
  });
}

export interface ChildRun {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGKILLs the process if it is still running; resolves once it has exited. */
  kill(): Promise<void>;
}

/** The tsx loader, by absolute location, so that a process may run in another working directory. */
export const TSX_LOADER = new URL('node_modules/tsx/dist/loader.mjs', `file://${PROJECT_ROOT}`).href;

/** Runs `node --import tsx src/index.ts` with exactly `env` (plus PATH and HOME), from the project root unless told otherwise. */
export function spawnSubgraph(env: Record<string, string>, cwd = PROJECT_ROOT): ChildRun {
  return spawnNode(['--import', TSX_LOADER, `${PROJECT_ROOT}src/index.ts`], env, cwd);
}

/** Runs `node <args>` with exactly `env` (plus PATH and HOME), from the project root unless told otherwise. */
export function spawnNode(args: readonly string[], env: Record<string, string>, cwd = PROJECT_ROOT): ChildRun {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface CloseInfo {
  readonly code: number;
  readonly reason: string;
}

function isCloseInfo(event: unknown): event is CloseInfo {
  return (
    typeof event === 'object' &&
    event !== null &&
    'code' in event &&
    typeof event.code === 'number' &&
    'reason' in event
  );
}

export interface WsClient {
  readonly client: Client;
  /** Every close the client saw, in order. */
  readonly closes: CloseInfo[];
  /** Resolves when the client has connected and been acknowledged. */
  readonly connected: Promise<void>;
  /** Resolves with the first close event. */
  readonly firstClose: Promise<CloseInfo>;
  dispose(): Promise<void>;
}

/**
 * A graphql-ws client that never retries, connects at once (not lazily), and records close events.
 * `headers` are sent on the HTTP upgrade request.
 */
export function openWsClient(
  url: string,
  options: { connectionParams?: Record<string, unknown>; headers?: Record<string, string> } = {},
): WsClient {
  const closes: CloseInfo[] = [];
  let resolveConnected!: () => void;
  let resolveClose!: (info: CloseInfo) => void;
  const connected = new Promise<void>((resolve) => (resolveConnected = resolve));
  const firstClose = new Promise<CloseInfo>((resolve) => (resolveClose = resolve));
  const headers = options.headers;
  class HeaderWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, headers ? { headers } : {});
    }
  }
  const client = createClient({
    url,
    webSocketImpl: HeaderWebSocket,
    lazy: false,
    retryAttempts: 0,
    ...(options.connectionParams && { connectionParams: options.connectionParams }),
    onNonLazyError: () => {
      // recorded through `on.closed`
    },
    on: {
      connected: () => resolveConnected(),
      closed: (event: unknown) => {
        if (isCloseInfo(event)) {
          const info = { code: event.code, reason: String(event.reason) };
          closes.push(info);
          resolveClose(info);
        }
      },
    },
  });
  return { client, closes, connected, firstClose, dispose: () => Promise.resolve(client.dispose()) };
}

/** Subscribes through `client`, collecting every `next` payload, and the end (complete or error). */
export function collectSubscription<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
): {
  readonly results: Array<{
    data?: T | null;
    errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
  }>;
  readonly ended: Promise<'complete' | 'error'>;
} {
  const results: Array<{
    data?: T | null;
    errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
  }> = [];
  const ended = new Promise<'complete' | 'error'>((resolve) => {
    client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          results.push({
            ...(value.data !== undefined && { data: value.data }),
            ...(value.errors && {
              errors: value.errors.map((e) => ({
                message: e.message,
                ...(e.extensions && { extensions: { ...e.extensions } }),
              })),
            }),
          });
        },
        error: () => resolve('error'),
        complete: () => resolve('complete'),
      },
    );
  });
  return { results, ended };
}

/** The http://…/graphql URL a subgraph process logs once ready; fails if it exits first. */
export function readyUrl(run: ChildRun, timeoutMs = PROCESS_READY_MS): Promise<string> {
  return eventually(
    () => {
      if (run.child.exitCode !== null) throw new Error(`child exited early: ${run.stderr()}`);
      return run
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; url?: string })
        .find((line) => line.msg === 'subgraph ready')?.url;
    },
    { what: 'the child to be ready', timeoutMs, intervalMs: 50 },
  );
}
