/**
 * The fast lane (`npm run test:fast`): the tests that start no server, sandbox, process or Redis — the
 * checks of validation, shapes, the catalog, the job engine on its own, the architecture — for the inner
 * loop. Which files qualify is read from the files themselves, so the lane keeps up as tests are added.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const SLOW =
  /startHarness|fixtures\/sandbox|startServer|startSandbox|child_process|helpers\/redis|ioredis|listen\(|WebSocket|fetch\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A test file and the local helpers it imports, read one level deep. */
function isSlow(file: string): boolean {
  const text = readFileSync(file, 'utf8');
  if (SLOW.test(text)) return true;
  const helpers = [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].map((match) => join(file, '..', `${match[1]}.ts`));
  return helpers.some((helper) => {
    try {
      return SLOW.test(readFileSync(helper, 'utf8'));
    } catch {
      return false;
    }
  });
}

export default defineConfig({
  ...base,
  test: { ...base.test, include: testFiles('test').filter((file) => !isSlow(file)) },
});
