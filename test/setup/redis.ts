/**
 * The Redis the tests use: the one at TEST_REDIS_URL (default 127.0.0.1:6379) when it answers; else one
 * started from `redis-server` when it is installed (nothing kept on disk); else none, and the test
 * files that need it are left out with one line saying why.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

const DEFAULT_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` within a second. */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Null when a Redis answers (perhaps one started here), else why the Redis tests are left out. */
export async function redisForTests(): Promise<string | null> {
  const url = process.env['TEST_REDIS_URL'] ?? DEFAULT_URL;
  if (await answers(url)) return null;
  if (url !== DEFAULT_URL) return `no Redis answers at TEST_REDIS_URL (${url})`;
  if (!redisServerInstalled()) return `no Redis answers at ${DEFAULT_URL} and redis-server is not installed`;
  execFileSync('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    '6379',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  for (let tries = 0; tries < 50; tries++) {
    if (await answers(url)) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `redis-server was started but does not answer at ${DEFAULT_URL}`;
}

/** The test files that need Redis: those that use the Redis test helper. */
export function redisTestFiles(root: URL): string[] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.test.ts'));
  return files
    .filter((file) => readFileSync(new URL(file, root), 'utf8').includes('helpers/redis.js'))
    .map((file) => `test/${file}`);
}
