/**
 * The floor's way to the upstream: what any plain HTTP client of it must do and nothing more. One
 * client-credentials token per scope, asked for once however many calls wait for it; each call a GET
 * with a fresh trackId over pooled keep-alive connections (undici, as many as the subgraph keeps); the
 * answer's `result`. No retries, breakers, budgets or record checks: those are what the subgraph adds.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { operation, TOKEN_PATH, type OperationId } from '../../src/datasources/upstream/operations.js';

export interface FloorUpstreamOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clientNid: string;
  /** Pooled connections to the upstream; the subgraph's UPSTREAM_CONNECTIONS default. */
  readonly connections?: number;
}

export interface FloorUpstream {
  /** The `result` of a GET operation asked with `query`; throws on any answer but 200. */
  read(id: OperationId, query: Readonly<Record<string, string>>): Promise<unknown>;
  close(): Promise<void>;
}

export function createFloorUpstream(options: FloorUpstreamOptions): FloorUpstream {
  const agent = new Agent({
    connections: options.connections ?? 64,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
  });
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  const tokens = new Map<string, Promise<string>>();

  async function send(url: string, init: { method: 'GET' | 'POST'; authorization: string; body?: string }) {
    const res = await request(url, {
      dispatcher: agent,
      method: init.method,
      headers: {
        authorization: init.authorization,
        accept: 'application/json',
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(init.body !== undefined && { body: init.body }),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { result?: unknown }).result;
  }

  function token(scope: string): Promise<string> {
    let pending = tokens.get(scope);
    if (!pending) {
      pending = send(`${options.baseUrl}${TOKEN_PATH}`, {
        method: 'POST',
        authorization: basic,
        body: JSON.stringify({ grant_type: 'client_credentials', nid: options.clientNid, scopes: scope }),
      }).then((result) => String((result as { value?: unknown }).value));
      // A failed token request is asked again by the next call.
      pending.catch(() => tokens.delete(scope));
      tokens.set(scope, pending);
    }
    return pending;
  }

  return {
    async read(id, query) {
      const spec = operation(id);
      const bearer = await token(spec.scope);
      const search = new URLSearchParams({ trackId: randomUUID(), ...query });
      const path = spec.path.replace('{clientId}', encodeURIComponent(options.clientId));
      return send(`${options.baseUrl}${path}?${search.toString()}`, {
        method: 'GET',
        authorization: `Bearer ${bearer}`,
      });
    },
    close: () => agent.close(),
  };
}
