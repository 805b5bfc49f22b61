/** The opt-in report of an operation's upstream calls in the response's `extensions`. */
import { describe, expect, it } from 'vitest';
import { COMPANY_SAMPLES, WOMAN } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

const ASK = { 'x-upstream-calls': 'report' };

interface Reported {
  extensions?: { upstreamCalls?: { total: number; byOperation: Record<string, number> } };
}

describe('x-upstream-calls', () => {
  it('reports exactly the calls the upstream received, by operation, deduplicated reads once', async () => {
    const { nationalId } = COMPANY_SAMPLES.active;
    const res = (await h.gql(
      `{ a: company(nationalId: "${nationalId}") { name } b: company(nationalId: "${nationalId}") { status }
         postalAddress(postalCode: "${WOMAN.postalCode}") { province } }`,
      {},
      ASK,
    )) as Reported & { errors?: unknown };
    expect(res.errors).toBeUndefined();
    const reported = res.extensions?.upstreamCalls;
    expect(reported?.byOperation).toEqual(callCounts(h));
    expect(reported?.total).toBe(2);
  });

  it('reports nothing unless asked, and zero for an operation that asked nothing upstream', async () => {
    const plain = (await h.gql('{ __typename }')) as Reported;
    expect(plain.extensions?.upstreamCalls).toBeUndefined();
    const asked = (await h.gql('{ __typename }', {}, ASK)) as Reported;
    expect(asked.extensions?.upstreamCalls).toEqual({ total: 0, byOperation: {} });
  });

  it('counts a call that failed upstream once, as it was sent', async () => {
    h.sandbox.injectFault({ operationId: 'kybCompanyInfoGet', status: 404, times: 1 });
    const res = (await h.gql(
      `{ company(nationalId: "${COMPANY_SAMPLES.active.nationalId}") { name } }`,
      {},
      ASK,
    )) as Reported;
    expect(res.extensions?.upstreamCalls).toEqual({ total: 1, byOperation: { kybCompanyInfoGet: 1 } });
  });
});
