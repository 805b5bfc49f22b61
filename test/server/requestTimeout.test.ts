import { describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';

const BILL = `{ bill(type: WATER, parameter: "${samples.waterBillId}") { amount } }`;

describe('the time an operation may wait on the upstream (REQUEST_TIMEOUT_MS)', () => {
  const h = useHarness({
    env: { REQUEST_TIMEOUT_MS: '300', UPSTREAM_TIMEOUT_MS: '5000', UPSTREAM_RETRY_ATTEMPTS: '1' },
  });

  it('cancels a read still in flight when it runs out: the field fails, the answer does not wait for the upstream', async () => {
    h.sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 3_000 });
    const res = await h.gql<{ bill: unknown }>(BILL);
    // The upstream is still working on it (for 3 s from its arrival, however late) when the answer arrives.
    await eventually(() => h.sandbox.calls('billingInquiryCcGet').length === 1, { what: 'the read to arrive' });
    expect(h.sandbox.calls('billingInquiryCcGet').map((call) => call.status)).toEqual([0]);
    expect(res.data).toEqual({ bill: { amount: null } });
    expect(res.errors?.map((error) => [error.extensions?.['code'], error.path])).toEqual([
      ['UPSTREAM_UNAVAILABLE', ['bill', 'amount']],
    ]);
    expect(res.errors?.[0]?.message).toMatch(/ran out of time/);
  });

  it('leaves an operation that ends in time alone', async () => {
    const res = await h.gql<{ bill: { amount: string } }>(BILL);
    expect(res.errors).toBeUndefined();
    expect(res.data?.bill.amount).toMatch(/^\d+$/);
  });
});
