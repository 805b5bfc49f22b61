// Checks the production build (`dist/`, from `npm run build`):
// 1. it holds no sandbox code: no sandbox folder, no import of one; the only mention of the sandbox's
//    entry is the computed specifier of src/embeddedSandbox.ts, which the build refuses to use;
// 2. started without an upstream, it exits 1 saying UPSTREAM_BASE_URL is required (no module-not-found);
// 3. started with plain node in front of the sandbox running on its own (`sandbox/main.ts`, under tsx),
//    it answers a query that reaches the upstream, serves no explorer, then exits 0 on SIGTERM: proof
//    that the build runs without tsx and that signals reach it.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const DIST = 'dist';
/** Where dist/embeddedSandbox.js would look for the sandbox: the one mention the build may hold. */
const SANDBOX_ENTRY_FILE = 'embeddedSandbox.js';
/** Credentials the sandbox accepts by default (src/config.ts SANDBOX_CREDENTIALS, .env.example). */
const SANDBOX_CLIENT = { id: 'sandbox-client', secret: 'sandbox-secret', nid: '0499370899' };
/** A postal code of the sandbox's world (its sample person WOMAN). */
const POSTAL_CODE = '7736999262';
const TIMEOUT_MS = 20_000;

const children = new Set();
const fail = (message) => {
  console.error(`check-dist: ${message}`);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
};

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [path, ...filesUnder(path)] : [path];
  });
}

// 1. No sandbox code in the build.
let files;
try {
  files = filesUnder(DIST);
} catch {
  fail(`no ${DIST}/: run npm run build first`);
}
if (!files.some((file) => file === join(DIST, 'index.js'))) fail(`${DIST}/index.js is missing`);
const sandboxPaths = files.filter((file) => relative(DIST, file).split(sep).includes('sandbox'));
if (sandboxPaths.length > 0) fail(`the build holds sandbox files: ${sandboxPaths.join(', ')}`);
const mentions = files.filter((file) => {
  if (statSync(file).isDirectory()) return false;
  const text = readFileSync(file, 'utf8');
  if (/(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"`][^'"`]*\bsandbox\//.test(text)) return true;
  const name = relative(DIST, file);
  return text.includes('sandbox/') && name !== SANDBOX_ENTRY_FILE && name !== `${SANDBOX_ENTRY_FILE}.map`;
});
if (mentions.length > 0) fail(`files of the build mention the sandbox folder: ${mentions.join(', ')}`);

// 2. Without an upstream the build refuses to start, naming what is missing.
const bare = spawnSync(process.execPath, [join(DIST, 'index.js')], {
  env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
  encoding: 'utf8',
  timeout: TIMEOUT_MS,
});
if (bare.status !== 1 || !bare.stderr.includes('UPSTREAM_BASE_URL is required in production'))
  fail(
    `without an upstream: expected exit 1 naming UPSTREAM_BASE_URL, got ${bare.status}: ${bare.stderr.slice(0, 400)}`,
  );
if (/ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION|\n\s+at /.test(bare.stderr))
  fail(`without an upstream: a stack instead of a message: ${bare.stderr.slice(0, 400)}`);

// 3. The build in front of the sandbox running on its own.
const timer = setTimeout(() => fail(`no answer within ${TIMEOUT_MS / 1000} s`), TIMEOUT_MS);

/** Starts a process and resolves with the first match of `pattern` in its output. */
function startAndWaitFor(args, env, pattern) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  const matched = new Promise((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const match = pattern(out);
      if (match) resolve(match);
    });
    child.once('exit', (code, signal) => fail(`${args.join(' ')} exited early with ${code ?? signal}:\n${out}`));
  });
  return { child, matched };
}

const sandbox = startAndWaitFor(
  ['--import', 'tsx', 'sandbox/main.ts'],
  { PATH: process.env.PATH ?? '', SANDBOX_PORT: '0', SANDBOX_HOST: '127.0.0.1' },
  (out) => /listening on (http:\/\/\S+)/.exec(out)?.[1],
);
const upstreamUrl = await sandbox.matched;

const subgraph = startAndWaitFor(
  [join(DIST, 'index.js')],
  {
    PATH: process.env.PATH ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SHUTDOWN_DRAIN_MS: '100',
    UPSTREAM_BASE_URL: upstreamUrl,
    UPSTREAM_CLIENT_ID: SANDBOX_CLIENT.id,
    UPSTREAM_CLIENT_SECRET: SANDBOX_CLIENT.secret,
    UPSTREAM_CLIENT_NID: SANDBOX_CLIENT.nid,
  },
  (out) =>
    out
      .split('\n')
      .map((line) => (line.startsWith('{') ? JSON.parse(line) : {}))
      .find((line) => line.msg === 'subgraph ready'),
);
const ready = await subgraph.matched;
if (ready.upstream !== upstreamUrl) fail(`the subgraph's upstream is ${ready.upstream}, not ${upstreamUrl}`);

async function ask(query) {
  const res = await fetch(ready.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return res.json();
}
const sdl = await ask('{ _service { sdl } }');
if (!sdl.data?._service?.sdl?.includes('type Query')) fail(`unexpected answer ${JSON.stringify(sdl).slice(0, 200)}`);
const address = await ask(`{ postalAddress(postalCode: "${POSTAL_CODE}") { postalCode } }`);
if (address.data?.postalAddress?.postalCode !== POSTAL_CODE)
  fail(`no answer through the sandbox: ${JSON.stringify(address).slice(0, 300)}`);

// The build holds no explorer: a browser at /graphql gets no page, and nothing is served under /explorer/.
const page = await fetch(ready.url, { headers: { accept: 'text/html' } });
if (/html/.test(page.headers.get('content-type') ?? '')) fail('the build served a page at /graphql');
const bundle = await fetch(new URL('/explorer/app.js', ready.url));
if (bundle.status !== 404) fail(`the build answered /explorer/app.js with ${bundle.status}`);

subgraph.child.removeAllListeners('exit');
const exited = new Promise((resolve) => subgraph.child.once('exit', (code, signal) => resolve(code ?? signal)));
subgraph.child.kill('SIGTERM');
const code = await exited;
children.delete(subgraph.child);
sandbox.child.removeAllListeners('exit');
sandbox.child.kill('SIGTERM');
clearTimeout(timer);
if (code !== 0) fail(`dist/index.js exited with ${code} on SIGTERM`);
console.log(
  'check-dist: dist/ holds no sandbox, refuses to start without an upstream, served queries through the ' +
    'sandbox run on its own, no explorer, and exited 0 on SIGTERM',
);
