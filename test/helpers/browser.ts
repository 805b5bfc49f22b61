/** A headless Chromium for the tests that drive a page: Debian's `chromium`, driven by playwright-core. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from '../setup/chromium.js';

/**
 * This process's environment without libfaketime: the suite may run under `faketime` (to run on another
 * day, docs/TESTING.md), and Chromium does not start with it preloaded.
 */
function browserEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && entry[0] !== 'LD_PRELOAD' && !entry[0].startsWith('FAKETIME'),
    ),
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, env: browserEnvironment() });
}
