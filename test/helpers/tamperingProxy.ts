/**
 * A proxy between the subgraph and its sandbox that keeps every answer it passes on and may rewrite the
 * sandbox's JSON answers: how a test sees what the upstream handed out, or makes the upstream say what
 * the sandbox itself never says (a token naming nobody, or someone else).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers of one connection, not passed on by a proxy. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-encoding',
]);

/** What the proxy saw of one call: its path and its parsed JSON request body (undefined when not JSON). */
export interface ProxiedRequest {
  readonly path: string;
  readonly body: unknown;
}

/** Returns the answer to send instead, or undefined to pass the sandbox's answer on unchanged. */
export type Rewrite = (request: ProxiedRequest, answer: unknown) => unknown;

export interface TamperingProxy {
  readonly url: string;
  /** The rewrite applied from now on; null passes everything on. */
  rewrite: Rewrite | null;
  /** Every answer body passed back to the subgraph, as sent (after any rewrite). */
  readonly answers: string[];
  close(): Promise<void>;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export async function startTamperingProxy(targetUrl: string): Promise<TamperingProxy> {
  const proxy: { rewrite: Rewrite | null } = { rewrite: null };
  const answers: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${targetUrl}${req.url}`, { method: req.method, headers, ...(body && { body }), redirect: 'manual' })
        .then(async (answer) => {
          let text = await answer.text();
          const json = parse(text);
          if (proxy.rewrite && json !== undefined) {
            const request: ProxiedRequest = {
              path: new URL(req.url ?? '/', 'http://proxy.invalid').pathname,
              body: body ? parse(body.toString('utf8')) : undefined,
            };
            const replaced = proxy.rewrite(request, json);
            if (replaced !== undefined) text = JSON.stringify(replaced);
          }
          const back: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (!HOP_BY_HOP.has(name)) back[name] = value;
          });
          answers.push(text);
          res.writeHead(answer.status, back);
          res.end(text);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get rewrite() {
      return proxy.rewrite;
    },
    set rewrite(value: Rewrite | null) {
      proxy.rewrite = value;
    },
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
