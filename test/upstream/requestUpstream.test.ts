/** RequestUpstream: per-request dedupe of reads, plain sends, and the per-request concurrency bound. */
import { describe, expect, it } from 'vitest';
import { RequestUpstream } from '../../src/datasources/shared/requestUpstream.js';
import { canonicalJson } from '../../src/lib/json.js';
import type { CallOptions, UpstreamClient, UpstreamResult } from '../../src/datasources/upstream/client.js';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { ErrorCode, UpstreamError } from '../../src/errors.js';
import { at } from '../helpers/responses.js';

interface SeenCall {
  readonly operationId: OperationId;
  readonly options: CallOptions;
}

type Answer = (operationId: OperationId, options: CallOptions) => Promise<UpstreamResult>;

/** A fake client: records calls, tracks how many are in flight, answers with `answer`. */
class FakeClient implements Pick<UpstreamClient, 'call'> {
  readonly seen: SeenCall[] = [];
  inFlight = 0;
  peak = 0;

  constructor(
    private readonly answer: Answer = async (operationId, options) => ({
      result: { operationId, query: options.query ?? null },
      trackId: `t${this.seen.length}`,
    }),
  ) {}

  async call(operationId: OperationId, options: CallOptions = {}): Promise<UpstreamResult> {
    this.seen.push({ operationId, options });
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
    try {
      return await this.answer(operationId, options);
    } finally {
      this.inFlight -= 1;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('read', () => {
  it('10 reads of the same operation and arguments, keys in any order, make one call', async () => {
    const client = new FakeClient();
    const access = new RequestUpstream(client, 4);
    const variants: Array<Omit<CallOptions, 'signal'>> = [
      { query: { type: 'Water', parameter: '1' } },
      { query: { parameter: '1', type: 'Water' } },
      { query: { parameter: '1', type: 'Water', secondParameter: undefined } },
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => access.read('billingInquiryCcGet', at(variants, i % 3))),
    );

    expect(client.seen).toHaveLength(1);
    expect(client.seen[0]).toEqual({
      operationId: 'billingInquiryCcGet',
      options: { query: { parameter: '1', type: 'Water' } },
    });
    for (const answer of answers) expect(answer).toBe(answers[0]);

    // Still the same answer later in the same request.
    expect(await access.read('billingInquiryCcGet', { query: { type: 'Water', parameter: '1' } })).toBe(answers[0]);
    expect(client.seen).toHaveLength(1);
  });

  it('makes one call per distinct arguments or operation, in the order they were asked for', async () => {
    const client = new FakeClient();
    const access = new RequestUpstream(client, 4);
    await Promise.all([
      access.read('billingInquiryCcGet', { query: { type: 'Water', parameter: '3' } }),
      access.read('billingInquiryCcGet', { query: { type: 'Water', parameter: '1' } }),
      access.read('billingInquiryCcGet', { query: { type: 'Gas', parameter: '1' } }),
      access.read('billingInquiryCcGet', { query: { type: 'Water', parameter: '3' } }),
      access.read('billingInquiryCcGet', { query: { type: 'Water', parameter: '2' } }),
      access.read('billingDetailInquiryCcGet', { query: { type: 'Water', parameter: '1' } }),
    ]);

    expect(client.seen.map((call) => [call.operationId, call.options.query])).toEqual([
      ['billingInquiryCcGet', { parameter: '3', type: 'Water' }],
      ['billingInquiryCcGet', { parameter: '1', type: 'Water' }],
      ['billingInquiryCcGet', { parameter: '1', type: 'Gas' }],
      ['billingInquiryCcGet', { parameter: '2', type: 'Water' }],
      ['billingDetailInquiryCcGet', { parameter: '1', type: 'Water' }],
    ]);
  });

  it('gives each read its own answer', async () => {
    const client = new FakeClient(async (_id, options) => ({
      result: options.query?.['parameter'] ?? null,
      trackId: 'x',
    }));
    const access = new RequestUpstream(client, 4);
    const [a, b] = await Promise.all([
      access.read('billingInquiryCcGet', { query: { parameter: 'a' } }),
      access.read('billingInquiryCcGet', { query: { parameter: 'b' } }),
    ]);
    expect([a.result, b.result]).toEqual(['a', 'b']);
  });

  it('a failed read rejects only its own key', async () => {
    const failure = new UpstreamError({
      code: ErrorCode.UpstreamRejected,
      message: 'rejected',
      operationId: 'billingInquiryCcGet',
    });
    const client = new FakeClient(async (_id, options) => {
      if (options.query?.['parameter'] === 'bad') throw failure;
      return { result: options.query?.['parameter'] ?? null, trackId: 'x' };
    });
    const access = new RequestUpstream(client, 4);
    const outcomes = await Promise.allSettled([
      access.read('billingInquiryCcGet', { query: { parameter: 'good-1' } }),
      access.read('billingInquiryCcGet', { query: { parameter: 'bad' } }),
      access.read('billingInquiryCcGet', { query: { parameter: 'good-2' } }),
    ]);

    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: { result: 'good-1', trackId: 'x' } });
    expect(outcomes[1]).toEqual({ status: 'rejected', reason: failure });
    expect(outcomes[1]?.status === 'rejected' && outcomes[1].reason).toBe(failure);
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: { result: 'good-2', trackId: 'x' } });
    expect(client.seen).toHaveLength(3);
  });

  it('passes the request’s AbortSignal to reads', async () => {
    const controller = new AbortController();
    const client = new FakeClient();
    await new RequestUpstream(client, 2, controller.signal).read('billingInquiryCcGet', { query: { parameter: '1' } });
    expect(client.seen[0]?.options.signal).toBe(controller.signal);

    const unsignalled = new FakeClient();
    await new RequestUpstream(unsignalled, 2).read('billingInquiryCcGet', { query: { parameter: '1' } });
    expect(unsignalled.seen[0]?.options).toEqual({ query: { parameter: '1' } });
    expect('signal' in (unsignalled.seen[0]?.options ?? {})).toBe(false);
  });
});

describe('send', () => {
  it('never deduplicates, and passes the options unchanged', async () => {
    const client = new FakeClient();
    const access = new RequestUpstream(client, 4);
    const body = { type: 'Water', parameter: '1' };
    const first = { body };
    await Promise.all([
      access.send('billingInquiryRequestSubmit', first),
      access.send('billingInquiryRequestSubmit', { body }),
      access.send('billingInquiryRequestSubmit', { body }),
    ]);
    await access.read('billingInquiryRequestSubmit', { body });

    expect(client.seen).toHaveLength(4);
    expect(client.seen[0]?.options).toBe(first);
    expect(client.seen.slice(0, 3).map((call) => call.options)).toEqual([{ body }, { body }, { body }]);
  });

  it('is not given the AbortSignal', async () => {
    const controller = new AbortController();
    const client = new FakeClient();
    const access = new RequestUpstream(client, 2, controller.signal);
    await access.send('billingInquiryRequestSubmit', { body: { a: 1 } });

    expect(client.seen[0]?.options).toEqual({ body: { a: 1 } });
    expect('signal' in (client.seen[0]?.options ?? {})).toBe(false);
  });
});

describe('concurrency', () => {
  it('keeps reads and sends of one access within its limit', async () => {
    const client = new FakeClient(async () => {
      await sleep(15);
      return { result: null, trackId: 'x' };
    });
    const access = new RequestUpstream(client, 2);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => access.read('billingInquiryCcGet', { query: { parameter: String(i) } })),
      access.send('billingInquiryRequestSubmit', { body: {} }),
      access.send('billingInquiryRequestSubmit', { body: {} }),
    ]);

    expect(client.seen).toHaveLength(8);
    expect(client.peak).toBe(2);
  });

  it('separate accesses have separate limits', async () => {
    const client = new FakeClient(async () => {
      await sleep(15);
      return { result: null, trackId: 'x' };
    });
    const first = new RequestUpstream(client, 1);
    const second = new RequestUpstream(client, 1);
    await Promise.all([
      first.send('billingInquiryRequestSubmit', { body: {} }),
      second.send('billingInquiryRequestSubmit', { body: {} }),
      first.send('billingInquiryRequestSubmit', { body: {} }),
    ]);
    expect(client.peak).toBe(2);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [{ z: 1, y: 2 }] } })).toBe('{"a":{"c":[{"y":2,"z":1}]},"b":1}');
  });
});

describe('lane', () => {
  it('names the caller and the operation on every call, reads and sends alike', async () => {
    const client = new FakeClient();
    const lane = { caller: 'client:web', request: 'op-1' };
    const access = RequestUpstream.forOperation(client, 4, { lane });
    await access.read('billingInquiryCcGet', { query: { parameter: '1' } });
    await access.send('billingInquiryCcGet', { query: { parameter: '2' } });
    expect(client.seen.map((call) => call.options.lane)).toEqual([lane, lane]);
  });
});
