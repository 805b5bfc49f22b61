/**
 * The bill inquiry job kind over the real client and the sandbox. The upstream reports a failed
 * inquiry as a business outcome (spec §2.4: HTTP 200, envelope DONE, `result.status` FAILED with
 * `result.error`); the kind must read it from the poll as a FAILED outcome after one poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestUpstream } from '../../src/datasources/shared/requestUpstream.js';
import { createHttpTransport, type HttpTransport } from '../../src/datasources/upstream/http.js';
import { JobEngine } from '../../src/jobs/engine.js';
import { billInquiryJob } from '../../src/datasources/flows/billInquiry.js';
import { MemoryJobEvents } from '../../src/jobs/memoryEvents.js';
import { MemoryJobStore } from '../../src/jobs/memoryStore.js';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import type { BillQuery } from '../../src/validation/bills.js';
import { newBroker, newClient, WATER_BILL } from '../upstream/support.js';
import { silentLogger } from './support.js';
import { eventually } from '../helpers/eventually.js';

let sandbox: Sandbox;
let http: HttpTransport;
let upstream: RequestUpstream;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, asyncDelayMs: 0 });
  http = createHttpTransport({ connections: 8 });
  upstream = new RequestUpstream(newClient(sandbox, http, { tokens: newBroker(sandbox, http) }), 8);
});

afterAll(async () => {
  await http.close();
  await sandbox.close();
});

const valid: BillQuery = { type: 'WATER', parameter: WATER_BILL, operator: null };
/** Well formed, so the submission is accepted; the upstream settles it as FAILED (code 40317). */
const wrong: BillQuery = { type: 'WATER', parameter: '12', operator: null };

describe('billInquiry job kind', () => {
  it('submits the query and reads a SUCCESS outcome', async () => {
    const ref = await billInquiryJob.submit(upstream, valid);
    const [submitted] = sandbox.calls('billingInquiryRequestSubmit').filter((call) => call.status === 200);
    expect(submitted?.body).toEqual({ type: 'Water', parameter: WATER_BILL });

    const outcome = await billInquiryJob.poll(upstream, ref, valid);
    expect(outcome).toEqual({
      status: 'SUCCESS',
      result: {
        amount: expect.stringMatching(/^\d+$/),
        billId: WATER_BILL,
        paymentId: expect.stringMatching(/^\d+$/),
        dueDate: expect.any(String),
      },
    });
  });

  it('reads a FAILED inquiry as a FAILED outcome with the upstream code', async () => {
    const ref = await billInquiryJob.submit(upstream, wrong);
    const outcome = await billInquiryJob
      .poll(upstream, ref, wrong)
      .catch((error: unknown) => ({ thrown: error instanceof Error ? error.message : String(error) }));

    expect(outcome).toEqual({ status: 'FAILED', failure: { code: '40317', message: 'invalid input value' } });
  });

  it('a job for a FAILED inquiry ends FAILED after a single status poll', async () => {
    const store = new MemoryJobStore(60_000);
    const engine = new JobEngine({
      store,
      events: new MemoryJobEvents(),
      kinds: [billInquiryJob],
      upstream,
      config: {
        pollInitialMs: 10,
        pollMaxMs: 20,
        maxAgeMs: 60_000,
        leaseMs: 5_000,
        actionKeyRetentionMs: 60_000,
        actionTrackSecret: null,
      },
      logger: silentLogger,
    });
    try {
      sandbox.clearCalls();
      const job = await engine.start(billInquiryJob, wrong);
      await eventually(async () => (await store.get(job.id))?.status !== 'PENDING', { timeoutMs: 3_000 });

      const done = await store.get(job.id);
      expect({
        status: done?.status,
        failure: done?.failure,
        statusPolls: sandbox.calls('billingInquiryStatusPoll').length,
      }).toEqual({
        status: 'FAILED',
        failure: { code: '40317', message: 'invalid input value' },
        statusPolls: 1,
      });
    } finally {
      await engine.stop();
      await store.close();
    }
  });
});
