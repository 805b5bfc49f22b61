/** The per-operation budget of upstream calls, as RequestUpstream spends it. */
import { describe, expect, it } from 'vitest';
import { RequestUpstream } from '../../src/datasources/shared/requestUpstream.js';
import type { CallOptions, UpstreamClient, UpstreamResult } from '../../src/datasources/upstream/client.js';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { OperationLimitError } from '../../src/limits/refusal.js';
import { UpstreamBudget } from '../../src/limits/upstreamBudget.js';
import { limitsHit } from '../../src/observability/metrics.js';

class FakeClient implements Pick<UpstreamClient, 'call'> {
  readonly seen: Array<{ operationId: OperationId; options: CallOptions }> = [];

  async call(operationId: OperationId, options: CallOptions = {}): Promise<UpstreamResult> {
    this.seen.push({ operationId, options });
    return { result: {}, trackId: `t${this.seen.length}` };
  }
}

const upstreamCallHits = async () =>
  (await limitsHit.get()).values.find((value) => value.labels['limit'] === 'upstreamCalls')?.value ?? 0;

describe('UpstreamBudget in RequestUpstream', () => {
  it('counts a deduplicated read once and refuses the reads past the budget without sending them', async () => {
    const client = new FakeClient();
    const budget = new UpstreamBudget(2);
    const access = new RequestUpstream(client, 4, undefined, undefined, budget);
    const before = await upstreamCallHits();
    const reads = await Promise.allSettled([
      access.read('billingInquiryCcGet', { query: { parameter: '1' } }),
      access.read('billingInquiryCcGet', { query: { parameter: '1' } }),
      access.read('billingInquiryCcGet', { query: { parameter: '2' } }),
      access.read('billingInquiryCcGet', { query: { parameter: '3' } }),
    ]);
    expect(reads.map((read) => read.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const refusal = (reads[3] as PromiseRejectedResult).reason as OperationLimitError;
    expect(refusal).toBeInstanceOf(OperationLimitError);
    expect(refusal.extensions).toEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'upstreamCalls', max: 2, actual: 3 });
    expect(client.seen.map((call) => call.options.query)).toEqual([{ parameter: '1' }, { parameter: '2' }]);
    expect(refusal.message).toBe(
      'This operation has used its budget of 2 upstream calls; this field was not asked upstream.',
    );
    expect(budget.used).toBe(2);
    expect(budget.calls).toEqual({ billingInquiryCcGet: 2 });
    expect(await upstreamCallHits()).toBe(before + 1);
  });

  it('refuses a plain send past the budget before it is sent', async () => {
    const client = new FakeClient();
    const access = new RequestUpstream(client, 4, undefined, undefined, new UpstreamBudget(1));
    await access.send('facilityShahkarSmsSendGet', { query: { mobile: '09121234567' } });
    await expect(access.send('facilityShahkarSmsSendGet', { query: { mobile: '09121234568' } })).rejects.toBeInstanceOf(
      OperationLimitError,
    );
    expect(client.seen).toHaveLength(1);
  });

  it('never refuses an action claimed under an idempotency key (it carries its trackId), but counts it', async () => {
    const client = new FakeClient();
    const budget = new UpstreamBudget(1);
    const access = new RequestUpstream(client, 4, undefined, undefined, budget);
    await access.read('billingInquiryCcGet', { query: { parameter: '1' } });
    await access.send('oakTransferToDepositPost', { body: {}, trackId: 'claimed-track-id' });
    expect(client.seen.map((call) => call.operationId)).toEqual(['billingInquiryCcGet', 'oakTransferToDepositPost']);
    expect(budget.used).toBe(2);
    expect(budget.calls).toEqual({ billingInquiryCcGet: 1, oakTransferToDepositPost: 1 });
    await expect(access.read('billingInquiryCcGet', { query: { parameter: '2' } })).rejects.toBeInstanceOf(
      OperationLimitError,
    );
  });

  it('counts without refusing when the budget is off', async () => {
    const client = new FakeClient();
    const budget = new UpstreamBudget(null);
    const access = new RequestUpstream(client, 4, undefined, undefined, budget);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => access.read('billingInquiryCcGet', { query: { parameter: String(i) } })),
    );
    expect(budget.used).toBe(20);
  });
});
