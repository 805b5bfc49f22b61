/** The client's share of the process-wide capacity: tokens never wait for a slot; a cancelled waiter sends nothing. */
import { CANCELLED_MESSAGE } from '../../src/datasources/upstream/errorMapping.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, WOMAN } from '../fixtures/sandbox.js';
import { createHttpTransport } from '../../src/datasources/upstream/http.js';
import {
  newBroker,
  newClient,
  newTransport,
  recordingTransport,
  upstreamErrorOf,
  WATER_BILL,
  type RecordingTransport,
} from './support.js';
import { eventually } from '../helpers/eventually.js';

let sandbox: Sandbox;
let http: RecordingTransport;
beforeAll(async () => {
  sandbox = await startSandbox();
  http = newTransport();
});
beforeEach(() => {
  sandbox.clearCalls();
  sandbox.clearFaults();
});
afterAll(async () => {
  await http.close();
  await sandbox.close();
});

const waterQuery = { type: 'Water', parameter: WATER_BILL };

describe('the upstream client under a full capacity', () => {
  it('fetches a token for another scope while every slot is taken', async () => {
    const client = newClient(sandbox, http, { tokens: newBroker(sandbox, http), maxConcurrency: 1 });
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 500 });
    let heldDone = false;
    const held = client.call('billingInquiryCcGet', { query: waterQuery }).finally(() => (heldDone = true));
    await eventually(() => (sandbox.calls('billingInquiryCcGet').length === 1 ? true : undefined));
    const other = client.call('kycMilitaryInquiryGet', {
      query: { nationalCode: WOMAN.nationalId },
      lane: { caller: 'b', request: '1' },
    });
    // The other scope's token is asked for while the only slot is still held.
    await eventually(() => (sandbox.calls('token').length === 2 ? true : undefined));
    expect(heldDone).toBe(false);
    await Promise.all([held, other]);
    expect(sandbox.calls('kycMilitaryInquiryGet')).toHaveLength(1);
  });

  it('answers a call cancelled while it waits for a slot as cancelled, and never sends it', async () => {
    const client = newClient(sandbox, http, { tokens: newBroker(sandbox, http), maxConcurrency: 1 });
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 300 });
    const held = client.call('billingInquiryCcGet', { query: waterQuery });
    await eventually(() => (sandbox.calls('billingInquiryCcGet').length === 1 ? true : undefined));
    const abort = new AbortController();
    const waiting = client.call('kycMilitaryInquiryGet', {
      query: { nationalCode: WOMAN.nationalId },
      signal: abort.signal,
      lane: { caller: 'b', request: '1' },
    });
    await eventually(() => (sandbox.calls('token').length === 2 ? true : undefined));
    abort.abort();
    const error = await upstreamErrorOf(waiting);
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(error.message).toBe(CANCELLED_MESSAGE);
    await held;
    expect(sandbox.calls('kycMilitaryInquiryGet')).toHaveLength(0);
  });
});

describe('the upstream client over a connection pool smaller than its capacity', () => {
  it("takes turns in its own queue, not in the pool's: a light caller is not stuck behind a heavy caller's calls", async () => {
    // Two connections, eight slots: without a bound by the pool, the heavy caller's calls would wait in
    // the pool's first-come queue (their timeout running), and the light caller's call behind them all.
    const pooled = recordingTransport(createHttpTransport({ connections: 2 }));
    try {
      const client = newClient(sandbox, pooled, {
        tokens: newBroker(sandbox, pooled),
        maxConcurrency: 8,
        connections: 2,
      });
      sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 150 });
      const heavy = Array.from({ length: 8 }, (_, i) =>
        client.call('billingInquiryCcGet', { query: waterQuery, lane: { caller: 'heavy', request: `r${i}` } }),
      );
      await eventually(() => (sandbox.calls('billingInquiryCcGet').length >= 1 ? true : undefined));
      const light = client.call('kycMilitaryInquiryGet', {
        query: { nationalCode: WOMAN.nationalId },
        lane: { caller: 'light', request: '1' },
      });
      await Promise.all([...heavy, light]);
      const order = sandbox
        .calls()
        .filter((call) => call.operationId !== 'token')
        .map((call) => call.operationId);
      expect(order.indexOf('kycMilitaryInquiryGet')).toBeLessThan(4);
    } finally {
      await pooled.close();
    }
  });
});
