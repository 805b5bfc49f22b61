import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { PROCESS_TEST_TIMEOUT_MS, PROJECT_ROOT } from '../helpers/procUtils.js';

/**
 * Starts the subgraph in a fresh process in front of a (closed) upstream URL and lists the project
 * modules it loaded: none of the sandbox's. The process is stopped right after start-up.
 */
const PROBE = `
const { register } = await import('node:module');
const loaded = new Set();
register('data:text/javascript,' + encodeURIComponent(\`
  export async function resolve(specifier, context, next) { return next(specifier, context); }
  export async function load(url, context, next) { if (url.startsWith('file:') && !url.includes('/node_modules/')) globalThis.port?.postMessage(url); return next(url, context); }
  export function initialize(data) { globalThis.port = data.port; }
\`), { parentURL: import.meta.url, data: { port: globalThis.probePort }, transferList: [globalThis.probePort] });
`;

describe('a process in front of the real upstream', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('never loads the sandbox', () => {
    const script = `
      const { MessageChannel } = await import('node:worker_threads');
      const channel = new MessageChannel();
      globalThis.probePort = channel.port2;
      const urls = [];
      channel.port1.on('message', (url) => urls.push(url));
      channel.port1.unref();
      ${PROBE}
      const { loadConfig } = await import('${PROJECT_ROOT}src/config.ts');
      const { startServer } = await import('${PROJECT_ROOT}src/server.ts');
      const server = await startServer(loadConfig({
        PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent',
        UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_CLIENT_ID: 'c', UPSTREAM_CLIENT_SECRET: 's', UPSTREAM_CLIENT_NID: '0499370899',
      }));
      await server.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      console.log(JSON.stringify(urls));
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const urls = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as string[];
    expect(urls.some((url) => url.includes('/src/server.ts'))).toBe(true);
    const sandboxDir = pathToFileURL(`${PROJECT_ROOT}sandbox/`).href;
    expect(urls.some((url) => url.includes('/src/embeddedSandbox.ts'))).toBe(true);
    expect(urls.filter((url) => url.startsWith(sandboxDir))).toEqual([]);
  });
});
