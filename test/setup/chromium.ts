/**
 * The browser the tests drive: Debian's `chromium` (`.ci/run` installs it). When it is missing, the test
 * files that need it are left out with one line saying why.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Null when Chromium is installed, else why the browser tests are left out. */
export function chromiumForTests(): string | null {
  return existsSync(CHROMIUM_PATH) ? null : `${CHROMIUM_PATH} is not installed (apt-get install chromium)`;
}

/** The test files that need a browser: those that use the browser test helper. */
export function browserTestFiles(root: URL): string[] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.test.ts'));
  return files
    .filter((file) => readFileSync(new URL(file, root), 'utf8').includes('helpers/browser.js'))
    .map((file) => `test/${file}`);
}
