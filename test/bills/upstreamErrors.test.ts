import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { at, dataOf, firstError, partialDataOf } from '../helpers/responses.js';

// One attempt per call: this file maps a single failing answer; retries are tested in test/upstream/resilience.test.ts.
const h = useHarness({ env: { UPSTREAM_TIMEOUT_MS: '400', UPSTREAM_RETRY_ATTEMPTS: '1' } });

const WATER = `{ bill(type: WATER, parameter: "${samples.waterBillId}") { type amount } }`;

async function waterBillError() {
  const res = await h.gql<{ bill: { type: string; amount: string | null } }>(WATER);
  expect(res.status).toBe(200);
  expect(res.data).toEqual({ bill: { type: 'WATER', amount: null } });
  expect(res.errors).toHaveLength(1);
  expect(firstError(res).path).toEqual(['bill', 'amount']);
  return firstError(res);
}

describe('upstream failures reach the caller as typed errors on the failing field', () => {
  it('maps a 400 to UPSTREAM_REJECTED with the upstream code and the trackId, but not the upstream message', async () => {
    const res = await h.gql(
      `{ bill(type: TEL, parameter: "${samples.landlineWithUnknownAreaCode}") { parameter amount } }`,
    );
    expect(res.data).toEqual({ bill: { parameter: samples.landlineWithUnknownAreaCode, amount: null } });
    const error = firstError(res);
    const call = at(h.upstreamCalls(), 0);
    expect(call.status).toBe(400);
    expect(error.extensions).toEqual({
      code: 'UPSTREAM_REJECTED',
      operationId: 'billingInquiryCcGet',
      httpStatus: 400,
      upstreamCode: 'VALIDATION_ERROR',
      trackId: call.trackId,
    });
    expect(error.message).not.toMatch(/Wrong Parameter/i);
  });

  it.each([
    { status: 500, code: 'UPSTREAM_UNAVAILABLE' },
    { status: 503, code: 'UPSTREAM_UNAVAILABLE' },
    { status: 429, code: 'RATE_LIMITED' },
    { status: 404, code: 'NOT_FOUND' },
    { status: 408, code: 'UPSTREAM_TIMEOUT' },
  ])('maps HTTP $status to $code', async ({ status, code }) => {
    h.sandbox.injectFault({ operationId: 'billingInquiryCcGet', status });
    const error = await waterBillError();
    expect(error.extensions).toMatchObject({ code, httpStatus: status, trackId: at(h.upstreamCalls(), 0).trackId });
  });

  it('tells a designed operation the upstream has no path for (a bare 404) from a record it has not', async () => {
    const HISTORY = `{ bill(type: GAS, parameter: "${samples.gasSubscription}") { history { amount } } }`;
    h.sandbox.injectFault({ operationId: 'billingBillHistoryInquiryGet', status: 404, malformed: true });
    const bare = firstError(await h.gql(HISTORY));
    expect(bare.path).toEqual(['bill', 'history']);
    expect(bare.extensions).toMatchObject({
      code: 'UPSTREAM_OPERATION_UNKNOWN',
      operationId: 'billingBillHistoryInquiryGet',
      httpStatus: 404,
    });
    expect(bare.message).toBe('The upstream does not offer this operation: it has no such path.');
    h.sandbox.injectFault({ operationId: 'billingBillHistoryInquiryGet', status: 404 });
    const enveloped = firstError(await h.gql(HISTORY));
    expect(enveloped.extensions).toMatchObject({ code: 'NOT_FOUND', upstreamCode: 'NOT_FOUND', httpStatus: 404 });
    expect(enveloped.message).toBe('The upstream found no such record.');
  });

  it('maps no answer within the timeout to UPSTREAM_TIMEOUT', async () => {
    h.sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 900 });
    const error = await waterBillError();
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', trackId: at(h.upstreamCalls(), 0).trackId });
    expect(error.extensions).not.toHaveProperty('httpStatus');
  });

  it('maps a connection reset to UPSTREAM_UNAVAILABLE', async () => {
    h.sandbox.injectFault({ operationId: 'billingInquiryCcGet', reset: true });
    const error = await waterBillError();
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('renews a rejected token once and succeeds with a new trackId', async () => {
    h.sandbox.revokeAllTokens();
    const res = await h.gql<{ bill: { amount: string } }>(WATER);
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).bill.amount).toMatch(/^\d+$/);
    const calls = h.sandbox.calls();
    expect(calls.map((call) => `${call.operationId}:${call.status}`)).toEqual([
      'billingInquiryCcGet:401',
      'token:200',
      'billingInquiryCcGet:200',
    ]);
    expect(at(calls, 0).trackId).not.toBe(at(calls, 2).trackId);
  });

  it('gives up after one renewal when the upstream keeps refusing the token', async () => {
    h.sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 401, times: 2 });
    const error = await waterBillError();
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_REJECTED', httpStatus: 401 });
    expect(h.upstreamCalls('billingInquiryCcGet')).toHaveLength(2);
  });

  it('lets the other fields of the operation succeed when one inquiry fails', async () => {
    h.sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503 });
    const res = await h.gql<{ a: { amount: string | null }; b: { amount: string | null } }>(
      `{ a: bill(type: WATER, parameter: "${samples.waterBillId}") { amount } b: bill(type: GAS, parameter: "${samples.gasSubscription}") { amount } }`,
    );
    const amounts = [partialDataOf(res).a.amount, partialDataOf(res).b.amount];
    expect(amounts.filter((amount) => amount === null)).toHaveLength(1);
    expect(amounts.filter((amount) => amount !== null)[0]).toMatch(/^\d+$/);
    expect(res.errors).toHaveLength(1);
  });

  it('reports a failed submission of an asynchronous inquiry as an error, with no job', async () => {
    h.sandbox.injectFault({ operationId: 'billingInquiryRequestSubmit', status: 500 });
    const res = await h.gql(
      `mutation { startBillInquiry(input: { type: TEL, parameter: "${samples.landline}" }) { id } }`,
    );
    // The mutation field alone is null: a mutation's failure never nulls the rest of `data`.
    expect(res.data).toEqual({ startBillInquiry: null });
    expect(firstError(res).extensions).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      operationId: 'billingInquiryRequestSubmit',
    });
  });
});
