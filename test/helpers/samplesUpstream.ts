/**
 * A stand-in upstream that answers business operations with the documentation's sample answers, byte
 * for byte, and passes everything else (the OAuth endpoints of every grant, operations given no sample)
 * to a sandbox behind it: the consents are the sandbox's, the answers the documentation's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations, type OperationSpec } from '../../src/datasources/upstream/operations.js';
import { HOP_BY_HOP } from './tamperingProxy.js';

/** A business call answered with a sample. */
export interface SampleCall {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The JSON body, parsed; undefined when there is none or it is not JSON (a multipart upload). */
  readonly body: unknown;
}

export interface SamplesUpstream {
  readonly url: string;
  /** The calls answered with a sample, in arrival order. */
  calls(operationId?: string): SampleCall[];
  clearCalls(): void;
  /**
   * Passes the operations to the sandbox, sample or not, until the function returned is called: for a
   * flow whose first step must name what the sandbox holds (a consent's account, an offense with an image).
   */
  forward(operationIds: readonly string[]): () => void;
  close(): Promise<void>;
}

interface Route {
  readonly spec: OperationSpec;
  readonly pattern: RegExp;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const routes: readonly Route[] = [...operations.values()].map((spec) => ({
  spec,
  pattern: new RegExp(
    `^${spec.path
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  ),
}));

function operationOf(method: string, path: string): string | undefined {
  return routes.find((route) => route.spec.method === method && route.pattern.test(path))?.spec.id;
}

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts the stand-in on 127.0.0.1 in front of `sandboxUrl`, answering each operation of `samples` with its text. */
export async function startSamplesUpstream(
  sandboxUrl: string,
  samples: ReadonlyMap<string, string>,
): Promise<SamplesUpstream> {
  const forwarded = new Set<string>();
  const calls: SampleCall[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    fetch(`${sandboxUrl}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 && { body }),
      redirect: 'manual',
    })
      .then(async (answer) => {
        const text = Buffer.from(await answer.arrayBuffer());
        const back: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name)) back[name] = value;
        });
        res.writeHead(answer.status, back);
        res.end(text);
      })
      .catch(() => res.destroy());
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
      const operationId = operationOf(req.method ?? 'GET', url.pathname);
      const sample = operationId === undefined || forwarded.has(operationId) ? undefined : samples.get(operationId);
      if (operationId === undefined || sample === undefined) {
        forward(req, res, body);
        return;
      }
      calls.push({
        operationId,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: parsed(body),
      });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(sample);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: (operationId) => calls.filter((call) => operationId === undefined || call.operationId === operationId),
    clearCalls: () => {
      calls.length = 0;
    },
    forward: (operationIds) => {
      for (const id of operationIds) forwarded.add(id);
      return () => {
        for (const id of operationIds) forwarded.delete(id);
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
