/**
 * Real subgraph processes (node --import tsx src/index.ts) sharing one Redis, in front of one sandbox:
 * the inbound SMS one of them reads from the upstream reach a subscriber on the other exactly once; when
 * the processes are killed and another is started, a subscriber resuming from its last message gets the
 * rest, nothing lost and nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.js';
import { useReplicaProcesses } from '../helpers/replicaProcesses.js';
import { collectSubscription, type ChildRun } from '../helpers/procUtils.js';

const NUMBER = '200000';
const SUBSCRIBE = `subscription($after: ID) { smsReceived(destinationNumber: "${NUMBER}", after: $after) { id text } }`;
/** The poll lease: a dead poller is replaced within about 1.5 of it. */
const LEASE_MS = 400;

interface Received {
  readonly id: string;
  readonly text: string;
}

const fleet = useReplicaProcesses();
const { redis, prefix } = fleet;

/** Starts a subgraph process on a port of its own; resolves with its ws:// URL once it is ready. */
async function startChild(): Promise<{ run: ChildRun; url: string }> {
  const { run, url } = await fleet.start({
    JOB_LEASE_MS: String(LEASE_MS),
    SMS_SENDER_NUMBERS: NUMBER,
    SMS_INBOX_POLL_MS: '50',
  });
  return { run, url: url.replace('http', 'ws') };
}

function subscribe(url: string, after: string) {
  const ws = fleet.connect(url);
  const { results, ended } = collectSubscription<{ smsReceived: Received }>(ws.client, SUBSCRIBE, { after });
  const received = () => results.map((result) => result.data?.smsReceived).filter((sms) => sms !== undefined);
  return { ws, results, ended, received };
}

function deliver(...texts: string[]): void {
  for (const text of texts)
    fleet.sandbox.deliverInboundSms({ sourceAddress: '09121234567', destinationAddress: NUMBER, messageText: text });
}

const reads = () => fleet.sandbox.calls('facilityReceiveSmsGet').length;
const texts = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `message ${from + i}`);

describe('inbound SMS across subgraph processes sharing Redis', () => {
  it(
    'reach a subscriber on the other process exactly once, across the death of the poller and a restart',
    { timeout: 90_000 },
    async () => {
      const a = await startChild();
      // The first process polls the number: it holds the number's lease before the other starts.
      await eventually(async () => (await redis.exists(`${prefix}job-lease:sms-inbox:${NUMBER}`)) === 1, {
        what: 'the first process to take the number',
      });
      const b = await startChild();
      // From the start of the stream (empty: the key prefix is new).
      const first = subscribe(b.url, '0-0');
      await first.ws.connected;
      deliver(...texts(1, 5));
      await eventually(() => first.received().length >= 5, { what: 'the first messages', timeoutMs: 10_000 });

      // Whichever of them polled, the one left polls from now on.
      await a.run.kill();
      const readsAtDeath = reads();
      deliver(...texts(6, 8));
      await eventually(() => first.received().length >= 8, { what: 'the messages after a death', timeoutMs: 10_000 });
      expect(reads()).toBeGreaterThan(readsAtDeath);
      const beforeRestart = first.received();
      expect(beforeRestart.map((sms) => sms.text)).toEqual(texts(1, 8));

      // Nobody runs while these arrive; then a new process serves the subscriber resuming after its last message.
      await b.run.kill();
      deliver(...texts(9, 10));
      const c = await startChild();
      const resumed = subscribe(c.url, beforeRestart.at(-1)?.id ?? '');
      await eventually(() => resumed.received().length >= 2, { what: 'the messages missed', timeoutMs: 10_000 });
      deliver(...texts(11, 11));
      await eventually(() => resumed.received().length >= 3, { what: 'the next message', timeoutMs: 10_000 });

      const all = [...beforeRestart, ...resumed.received()];
      expect(all.map((sms) => sms.text)).toEqual(texts(1, 11));
      expect(new Set(all.map((sms) => sms.id)).size).toBe(11);
      expect(fleet.sandbox.waitingInboundSms(NUMBER)).toBe(0);
      // Appended once each: the stream holds the eleven and nothing else.
      expect(await redis.xlen(`${prefix}sms-inbox:${NUMBER}`)).toBe(11);
    },
  );
});
