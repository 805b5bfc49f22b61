/**
 * The explorer in a real browser (headless Chromium): it loads with nothing but the subgraph's own
 * origin, runs a query and shows the result, and streams a subscription's events over graphql-ws.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';

/** The first visit bundles GraphiQL and Monaco (once per process): seconds, more on a busy machine. */
const LOAD_TIMEOUT_MS = 60_000;
const POSTAL_CODE = '7736999262';

// The sandbox answers a bill inquiry at once, but the test holds its polls: the subscription sees it
// pending, then done.
const h = useHarness({ sandbox: { asyncDelayMs: 0 } });
let browser: Browser;
let page: Page;
let origin: string;
/** Every URL the page and its workers asked for, WebSockets included. */
const requested: string[] = [];
/** What the page reported as broken: uncaught errors, and loads or styles the policy refused. */
const problems: string[] = [];

beforeAll(async () => {
  origin = new URL(h.server.url).origin;
  browser = await launchChromium();
  const context = await browser.newContext();
  context.on('request', (request) => requested.push(request.url()));
  page = await context.newPage();
  page.on('websocket', (socket) => requested.push(socket.url()));
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  // Run does nothing until GraphiQL has the schema: wait for its introspection's answer too.
  const schemaLoaded = page.waitForResponse(
    (response) => response.url() === h.server.url && response.request().method() === 'POST',
    { timeout: LOAD_TIMEOUT_MS },
  );
  await page.goto(h.server.url);
  await page.locator('.graphiql-query-editor .monaco-editor').waitFor({ timeout: LOAD_TIMEOUT_MS });
  await schemaLoaded;
}, LOAD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
});

const responseText = async () =>
  // Monaco draws spaces as no-break spaces.
  (await page.locator('.graphiql-response .monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');

/**
 * Replaces the operation in the query editor and runs it. GraphiQL reads the editor's operations a moment
 * after an edit: a Run clicked before then may act on the previous text (with several operations there, it
 * opens a menu to choose one instead of running), so Run is clicked again until the response changes.
 */
async function run(operation: string): Promise<void> {
  const before = await responseText();
  await page.locator('.graphiql-query-editor .monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Inserted as one text: typed key by key, the editor would close every bracket a second time.
  await page.keyboard.insertText(operation);
  await page.keyboard.press('Escape');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.locator('.graphiql-execute-button').click();
    try {
      await expect.poll(responseText, { timeout: 2_000 }).not.toBe(before);
      return;
    } catch {
      await page.keyboard.press('Escape'); // closes the operation menu, if that is what opened
    }
  }
  throw new Error(`Run did not answer for ${operation}`);
}

/** The response pane's text, waiting until it shows `expected`. */
async function responseShowing(expected: string | RegExp): Promise<string> {
  await expect.poll(responseText, { timeout: 10_000 }).toMatch(expected);
  return responseText();
}

describe('the explorer in a browser', () => {
  it('runs a query and shows its result', async () => {
    await run(`{ postalAddress(postalCode: "${POSTAL_CODE}") { postalCode province } }`);
    const shown = await responseShowing(`"postalCode": "${POSTAL_CODE}"`);
    expect(shown).toMatch(/"province": "[^"]+"/);
    expect(h.upstreamCalls().length).toBeGreaterThan(0);
  });

  it('starts a subscription and shows its events as they come', async () => {
    // The job's polls wait at the sandbox until the pane has shown it pending, however slow the machine.
    const release = h.sandbox.holdAnswers('billingInquiryStatusPoll');
    await run(`mutation { startBillInquiry(input: { type: TEL, parameter: "${samples.landline}" }) { id status } }`);
    const started = await responseShowing(/"id": "[^"]+"/);
    const id = /"id": "([^"]+)"/.exec(started)?.[1] ?? '';
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await run(`subscription { jobUpdated(id: "${id}") { id status } }`);
    await responseShowing(`"status": "PENDING"`);
    release();
    await responseShowing(`"status": "SUCCESS"`);
    const events = frames.map((frame) => JSON.parse(frame) as { type: string; payload?: unknown });
    const statuses = events
      .filter((event) => event.type === 'next')
      .map((event) => JSON.stringify(event.payload).match(/"status":"(\w+)"/)?.[1]);
    expect(statuses).toEqual(['PENDING', 'SUCCESS']);
    expect(events.at(-1)?.type).toBe('complete');
  });

  it('asked nothing of any origin but the subgraph', () => {
    expect(requested.filter((url) => url.endsWith('/explorer/app.js')).length).toBe(1);
    expect(requested.some((url) => url.startsWith(`${origin.replace(/^http/, 'ws')}/graphql`))).toBe(true);
    const ownOrigin = (url: string) =>
      url.startsWith(`${origin}/`) || url.startsWith(`${origin.replace(/^http/, 'ws')}/`) || url.startsWith('data:');
    expect(requested.filter((url) => !ownOrigin(url))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
