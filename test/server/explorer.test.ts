/**
 * The explorer over plain HTTP: a browser's GET of /graphql is given GraphiQL's page with a strict
 * Content-Security-Policy, and the bundle it loads comes from the subgraph itself; in production (or
 * switched off) a browser gets no explorer at all. test/explorer/ drives it in a real browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { subgraphEnv, useHarness } from '../helpers/harness.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SECRET = 'a-long-router-secret-123';
/** Bundling GraphiQL and Monaco takes seconds, more on a busy machine; it happens once per process. */
const BUNDLE_TIMEOUT_MS = 60_000;

const h = useHarness();
const others: RunningServer[] = [];
afterAll(() => Promise.all(others.map((server) => server.stop())));

async function serverWith(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(loadConfig({ ...subgraphEnv(h.sandbox), ...env }));
  others.push(server);
  return server;
}

const get = (url: string, accept = BROWSER_ACCEPT) => fetch(url, { headers: { accept } });
const origin = () => new URL(h.server.url).origin;

describe('the explorer in development', () => {
  it('answers a browser at /graphql with its page under a Content-Security-Policy of this origin only', async () => {
    const res = await get(h.server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(csp.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('connect-src')).toBe("connect-src 'self'");
    expect(directives.get('worker-src')).toBe("worker-src 'self'");
    // No other origin anywhere: no scheme but data: (fonts inlined in GraphiQL's stylesheet), no wildcard.
    expect(csp).not.toMatch(/https?:|wss?:|\*/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('<script src="/explorer/app.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/explorer/app.css" />');
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect(html).not.toContain('router-authorization');
  });

  it(
    'serves the bundle, its styles and workers with their content types, and nothing else under its path',
    async () => {
      const files = [
        ['app.js', 'text/javascript; charset=utf-8'],
        ['app.css', 'text/css; charset=utf-8'],
        ['editor.worker.js', 'text/javascript; charset=utf-8'],
        ['json.worker.js', 'text/javascript; charset=utf-8'],
        ['graphql.worker.js', 'text/javascript; charset=utf-8'],
      ];
      for (const [name, type] of files) {
        const res = await get(`${origin()}/explorer/${name}`, '*/*');
        expect(res.status, name).toBe(200);
        expect(res.headers.get('content-type'), name).toBe(type);
        expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
        expect((await res.arrayBuffer()).byteLength, name).toBeGreaterThan(10_000);
      }
      const app = await (await get(`${origin()}/explorer/app.js`, '*/*')).text();
      expect(app).toContain('graphiql');
      const css = await (await get(`${origin()}/explorer/app.css`, '*/*')).text();
      // Monaco's icon font, served beside the styles.
      const font = /url\("?(\/explorer\/codicon-[\w-]+\.ttf)"?\)/.exec(css)?.[1];
      expect(font).toBeDefined();
      const fontRes = await get(`${origin()}${font ?? ''}`, '*/*');
      expect(fontRes.headers.get('content-type')).toBe('font/ttf');
      expect((await get(`${origin()}/explorer/nothing.js`, '*/*')).status).toBe(404);
    },
    BUNDLE_TIMEOUT_MS,
  );

  it('leaves GraphQL over GET and POST to Apollo', async () => {
    const json = await fetch(`${h.server.url}?query=%7B__typename%7D`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual({ data: { __typename: 'Query' } });
    expect((await h.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });
  });

  it('tells how to give the router secret when the subgraph asks for one, and serves the page without it', async () => {
    const server = await serverWith({ ROUTER_SECRET: SECRET });
    const res = await get(server.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('router-authorization');
    expect(html).toContain('EXPLORER_ENABLED=false');
    expect(html).not.toContain(SECRET);
  });
});

describe('no explorer', () => {
  for (const [what, env] of [
    ['in production', { NODE_ENV: 'production' }],
    ['when switched off', { EXPLORER_ENABLED: 'false' }],
  ] as const) {
    it(`${what}: a browser at /graphql gets no page, and nothing is served under /explorer/`, async () => {
      const server = await serverWith(env);
      const res = await get(server.url);
      expect(res.headers.get('content-type')).not.toMatch(/html/);
      expect(await res.text()).not.toMatch(/<html|<script|cdn\./i);
      const base = new URL(server.url).origin;
      expect((await get(`${base}/explorer/app.js`, '*/*')).status).toBe(404);
    });
  }
});

describe('EXPLORER_ENABLED', () => {
  let base: Record<string, string>;
  beforeAll(() => {
    base = subgraphEnv(h.sandbox);
  });

  it('is on by default outside production, off in production, and can be set either way', () => {
    expect(loadConfig(base).explorerEnabled).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).explorerEnabled).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).explorerEnabled).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', EXPLORER_ENABLED: 'true' }).explorerEnabled).toBe(true);
    expect(loadConfig({ ...base, EXPLORER_ENABLED: 'false' }).explorerEnabled).toBe(false);
    expect(() => loadConfig({ ...base, EXPLORER_ENABLED: 'yes' })).toThrow(/EXPLORER_ENABLED/);
  });
});
