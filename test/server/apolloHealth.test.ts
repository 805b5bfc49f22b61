/**
 * `/.well-known/apollo/server-health`, Apollo's health check, which routers and gateways probe: 200
 * `{"status":"pass"}` while the subgraph serves, 503 `{"status":"fail"}` once it drains, as /readyz.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

const HEALTH_PATH = '/.well-known/apollo/server-health';

describe('Apollo health check', () => {
  // Long enough to probe while draining, short enough for the test to wait for the stop.
  const harness = useHarness({ env: { SHUTDOWN_DRAIN_MS: '1000' } });
  const probe = (path: string) => fetch(new URL(path, harness.server.url));

  it('answers 200 pass while serving, as health+json, query strings ignored', async () => {
    const res = await probe(`${HEALTH_PATH}?probe=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/health+json; charset=utf-8');
    expect(await res.json()).toEqual({ status: 'pass' });
  });

  it('is not answered under another path', async () => {
    expect((await probe(`${HEALTH_PATH}/x`)).status).toBe(404);
    expect((await probe('/.well-known/apollo')).status).toBe(404);
  });

  it('answers 503 fail while draining, as /readyz does', async () => {
    const stopped = harness.server.shutdown();
    try {
      const res = await probe(HEALTH_PATH);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'fail' });
      expect((await probe('/readyz')).status).toBe(503);
    } finally {
      await stopped;
    }
  });
});
