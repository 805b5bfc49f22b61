import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, readyUrl, spawnSubgraph, type ChildRun } from '../helpers/procUtils.js';

const dir = mkdtempSync(join(tmpdir(), 'subgraph-env-'));
const children: ChildRun[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  rmSync(dir, { recursive: true, force: true });
});

describe('.env in the working directory', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('is read at start-up, and what the environment already says wins over it', async () => {
    // HOST from the file shows in the ready line's URL; LOG_LEVEL from the file would silence that line.
    writeFileSync(join(dir, '.env'), 'HOST=127.0.0.1\nLOG_LEVEL=silent\nSHUTDOWN_DRAIN_MS=0\n');
    const run = spawnSubgraph({ PORT: '0', LOG_LEVEL: 'info' }, dir);
    children.push(run);
    const url = await readyUrl(run);
    expect(new URL(url).hostname).toBe('127.0.0.1');
    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
  });
});
