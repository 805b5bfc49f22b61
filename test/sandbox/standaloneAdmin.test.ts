/** `npm run sandbox` (sandbox/main.ts) as its own process: fault control over HTTP only with SANDBOX_ADMIN=true. */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { PROCESS_READY_MS, PROCESS_TEST_TIMEOUT_MS, PROJECT_ROOT, freePort } from '../helpers/procUtils.js';
import { eventually } from '../helpers/eventually.js';

const children: Array<ReturnType<typeof spawn>> = [];

afterEach(async () => {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
});

async function standalone(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SANDBOX_PORT: String(port), ...env },
    stdio: 'ignore',
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  // Any answer from the token endpoint means the sandbox listens.
  await eventually(
    async () => ((await fetch(`${url}/dev/v2/oauth2/token`, { method: 'POST' })).status > 0 ? true : undefined),
    { what: 'the sandbox to listen', timeoutMs: PROCESS_READY_MS, intervalMs: 100 },
  );
  return url;
}

describe('the standalone sandbox', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('serves no admin path by default', async () => {
    const url = await standalone({});
    expect((await fetch(`${url}/__sandbox/faults`)).status).toBe(404);
  });

  it('takes fault rules from another process with SANDBOX_ADMIN=true', async () => {
    const url = await standalone({ SANDBOX_ADMIN: 'true' });
    const posted = await fetch(`${url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationId: 'token', status: 503 }),
    });
    expect(posted.status).toBe(201);
    const auth = `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`;
    const token = () =>
      fetch(`${url}/dev/v2/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: auth },
        body: JSON.stringify({ grant_type: 'client_credentials', nid: '0499370899', scopes: 'billing:cc-inquiry:get' }),
      });
    expect((await token()).status).toBe(503);
    expect((await token()).status).toBe(200);
  });

  it('waits SANDBOX_LATENCY_MS before each answer', async () => {
    const url = await standalone({ SANDBOX_LATENCY_MS: '300' });
    const started = performance.now();
    const res = await fetch(`${url}/dev/v2/oauth2/token`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });
});
