import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { browserTestFiles, chromiumForTests } from './test/setup/chromium.js';
import { redisForTests, redisTestFiles } from './test/setup/redis.js';

const require = createRequire(import.meta.url);

const redisMissing = await redisForTests();
if (redisMissing) process.stderr.write(`Skipping the tests that need Redis: ${redisMissing}.\n`);
const chromiumMissing = chromiumForTests();
if (chromiumMissing) process.stderr.write(`Skipping the tests that need a browser: ${chromiumMissing}.\n`);

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS and ESM builds. Node loads the CommonJS one for Apollo Server; the
    // project's own modules must get the same copy, or `instanceof GraphQLError` fails across them.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      ...(redisMissing ? redisTestFiles(new URL('./test/', import.meta.url)) : []),
      ...(chromiumMissing ? browserTestFiles(new URL('./test/', import.meta.url)) : []),
    ],
    // Most test time is spent waiting on loopback sockets and timers, not on the CPU: more files at once
    // than cores keeps both cores busy (vitest's default is one worker less than the cores).
    maxWorkers: 3,
    // Every file starts servers of its own and leaves no global state behind (what one registers, such
    // as a tracer provider, it removes), so a worker loads the modules once for all of its files.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
