// Starts the production build (`node dist/index.js`) against its embedded sandbox, asks it one query,
// sends SIGTERM and expects a clean exit: proof that the build runs without tsx and that signals reach it.
import { spawn } from 'node:child_process';

const child = spawn(process.execPath, ['dist/index.js'], {
  env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '100' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const fail = (message) => {
  console.error(`check-dist: ${message}`);
  child.kill('SIGKILL');
  process.exit(1);
};
const timer = setTimeout(() => fail('no "subgraph ready" within 20 s'), 20_000);
let out = '';
let asked = false;
child.stdout.setEncoding('utf8').on('data', async (chunk) => {
  out += chunk;
  const ready = out
    .split('\n')
    .map((line) => (line.startsWith('{') ? JSON.parse(line) : {}))
    .find((line) => line.msg === 'subgraph ready');
  if (!ready || asked) return;
  asked = true;
  const res = await fetch(ready.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"query":"{ _service { sdl } }"}',
  });
  const body = await res.json();
  if (!body.data?._service?.sdl?.includes('type Query'))
    fail(`unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
  child.kill('SIGTERM');
});
child.on('exit', (code, signal) => {
  clearTimeout(timer);
  if (code !== 0) fail(`exited with ${code ?? signal}`);
  console.log('check-dist: dist/index.js served a query and exited 0 on SIGTERM');
});
