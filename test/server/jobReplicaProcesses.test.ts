/**
 * Real subgraph processes (node --import tsx src/index.ts) sharing one Redis: the process polling a job
 * is killed mid-job and the other finishes it for a subscriber it serves; after every process is killed,
 * new ones finish the pending jobs.
 */
import { describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.js';
import { useReplicaProcesses } from '../helpers/replicaProcesses.js';
import { collectSubscription, PROCESS_TEST_TIMEOUT_MS } from '../helpers/procUtils.js';
import { samples } from '../helpers/samples.js';

const START = `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id status } }`;
const JOB = `query($id: ID!) { job(id: $id) { id status } }`;
const SUBSCRIBE = `subscription($id: ID!) { jobUpdated(id: $id) { id status } }`;

/** The poll lease of the processes: one that dies is replaced within about 1.5 of it. */
const LEASE_MS = 400;

const fleet = useReplicaProcesses({ asyncDelayMs: 60_000 });
const { redis, prefix } = fleet;

/** Starts a subgraph process on a port of its own, and waits until it says it is ready. */
const startChild = () =>
  fleet.start({ JOB_POLL_INITIAL_MS: '20', JOB_POLL_MAX_MS: '100', JOB_LEASE_MS: String(LEASE_MS) });

async function gql<T>(url: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  if (!body.data) throw new Error('no data');
  return body.data;
}

async function startInquiry(url: string, parameter: string): Promise<string> {
  const data = await gql<{ startBillInquiry: { id: string; status: string } }>(url, START, {
    input: { type: 'WATER', parameter },
  });
  expect(data.startBillInquiry.status).toBe('PENDING');
  return data.startBillInquiry.id;
}

const statusPolls = () => fleet.sandbox.calls('billingInquiryStatusPoll').length;

describe('subgraph processes sharing Redis', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('the other process finishes a job whose poller was killed, for a subscriber it serves', async () => {
    const [one, two] = await Promise.all([startChild(), startChild()]);
    fleet.sandbox.setAsyncDelay(2_500);
    const id = await startInquiry(one.url, samples.waterBillId);
    const ws = fleet.connect(two.url.replace('http', 'ws'));
    await ws.connected;
    const { results, ended } = collectSubscription<{ jobUpdated: { id: string; status: string } }>(
      ws.client,
      SUBSCRIBE,
      { id },
    );
    await eventually(() => results.length === 1 && statusPolls() >= 3, { what: 'the job to be followed and polled' });

    await one.run.kill();
    const pollsAtDeath = statusPolls();

    expect(await ended).toBe('complete');
    expect(results.map((result) => result.data?.jobUpdated.status)).toEqual(['PENDING', 'SUCCESS']);
    expect(statusPolls()).toBeGreaterThan(pollsAtDeath);
  });

  it('after every process was killed, new ones finish the pending jobs', async () => {
    // Answered 3 s after they are asked: after the first process is killed.
    fleet.sandbox.setAsyncDelay(3_000);
    const first = await startChild();
    const ids = [
      await startInquiry(first.url, samples.waterBillId),
      await startInquiry(first.url, samples.waterBillId),
    ];
    await eventually(() => statusPolls() >= 2, { what: 'a poll of the jobs' });
    await first.run.kill();
    // Nobody polls them now.
    for (const id of ids)
      expect(JSON.parse((await redis.get(`${prefix}job:${id}`)) ?? '{}')).toMatchObject({ status: 'PENDING' });

    const [a, b] = await Promise.all([startChild(), startChild()]);
    for (const id of ids)
      await eventually(
        async () => (await gql<{ job: { status: string } }>(a.url, JOB, { id })).job.status === 'SUCCESS',
        { what: `job ${id} to finish`, timeoutMs: 10_000 },
      );
    expect((await gql<{ job: { status: string } }>(b.url, JOB, { id: ids[0] })).job.status).toBe('SUCCESS');
  });
});
