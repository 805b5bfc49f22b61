/** A headless Chromium for the tests that drive a page: Debian's `chromium`, driven by playwright-core. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from '../setup/chromium.js';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
}
