/**
 * The subgraph through GraphQL while a fifth of the sandbox's answers fail (timeouts, 5xx, cut
 * connections, unreadable bodies): inquiries still answer, the breaker stays closed, nothing outlives
 * its budget, and money never moves twice.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { breakerState } from '../../src/observability/metrics.js';
import { type FaultRule, THREE_BANKS, accountsOf } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { useHarness } from '../helpers/harness.js';
import { eventually } from '../helpers/eventually.js';
import { at, dataOf, present } from '../helpers/responses.js';

// Timeouts and budgets with room for a machine whose cores are both busy: a healthy answer late by a
// second or two must not count as a fault. A delayed answer (6 s) always outlasts the timeout.
const BUDGET_MS = 15_000;
const h = useHarness({
  sandbox: { faultSeed: 20261125 },
  env: {
    UPSTREAM_TIMEOUT_MS: '3000',
    UPSTREAM_OPERATION_BUDGET_MS: String(BUDGET_MS),
    UPSTREAM_RETRY_INITIAL_DELAY_MS: '5',
    UPSTREAM_RETRY_MAX_DELAY_MS: '20',
  },
});

/**
 * Four kinds of fault, each on 5 % of the calls: a rule is drawn only for the calls the rules before it
 * passed over, so each rule's probability is 5 % of what is left.
 */
function fifthFailing(
  operationId: string,
  kinds: ReadonlyArray<Omit<FaultRule, 'operationId' | 'probability'>>,
): FaultRule[] {
  const share = 0.2 / kinds.length;
  return kinds.map((kind, i) => ({ operationId, ...kind, probability: share / (1 - share * i) }));
}

const INQUIRY_FAULTS = [{ delayMs: 6_000 }, { status: 500 }, { reset: true }, { malformed: true }] as const;

/** Distinct valid postal codes (no 0 or 2 among the first five digits), so no two inquiries are deduplicated. */
const postalCodes = (count: number) => Array.from({ length: count }, (_, i) => `13579${String(i).padStart(5, '0')}`);

/** Runs `run` over `items` with `workers` in flight at once; results in the order of the items. */
async function pooled<T, R>(items: readonly T[], workers: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await run(at(items, i));
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

async function ecityBreaker(): Promise<number | undefined> {
  return (await breakerState.get()).values.find((value) => value.labels['group'] === 'ecity')?.value;
}

describe('safe inquiries while a fifth of the answers fail', () => {
  it('answers at least 99.9 % of 1,000 distinct postal inquiries, each within its budget, and the breaker stays closed', async () => {
    for (const rule of fifthFailing('ecityPostalCodeGet', INQUIRY_FAULTS)) h.sandbox.injectFault(rule);
    const codes = postalCodes(1_000);
    const outcomes = await pooled(codes, 25, async (code) => {
      const started = performance.now();
      const res = await h.gql<{ postalAddress: { postalCode: string; province: string } | null }>(
        `{ postalAddress(postalCode: "${code}") { postalCode province } }`,
      );
      return {
        ok: res.errors === undefined && res.data?.postalAddress?.postalCode === code,
        ms: performance.now() - started,
        errors: res.errors?.map((error) => `${String(error.extensions?.['code'])}: ${error.message}`) ?? [],
      };
    });

    const answered = outcomes.filter((outcome) => outcome.ok).length;
    const failed = outcomes
      .filter((outcome) => !outcome.ok)
      .map((outcome) => ({ ms: outcome.ms, errors: outcome.errors }));
    expect(answered / codes.length, JSON.stringify(failed.slice(0, 5))).toBeGreaterThanOrEqual(0.999);
    // Nothing hangs: every request ended within its budget (plus scheduling slack), never after minutes.
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(BUDGET_MS + 5_000);
    expect(await ecityBreaker()).toBe(0);

    // The faults did happen: each failed attempt was followed by one more, so about 1.25 attempts per inquiry.
    const calls = h.upstreamCalls('ecityPostalCodeGet');
    expect(calls.length / codes.length).toBeGreaterThan(1.12);
    expect(calls.length / codes.length).toBeLessThan(1.4);
    // Every attempt had its own trackId.
    expect(new Set(calls.map((call) => call.trackId)).size).toBe(calls.length);
  }, 90_000);
});

describe('money while a fifth of the answers fail', () => {
  it('never sends a transfer twice and never applies one twice, however its answer was lost', async () => {
    const handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
    const sepah = accountsOf(THREE_BANKS.nationalId).filter((account) => account.bank.code === '062');
    const source = present(
      sepah.find((account) => account.iban === 'IR760620062000301235200542'),
      'source',
    );
    const destination = present(
      sepah.find((account) => account.iban === 'IR330620025360301235200501'),
      'destination',
    );
    const UNCLEAR = [
      { status: 503 },
      { status: 500, afterEffect: true },
      { reset: true },
      { delayMs: 6_000, afterEffect: true },
    ] as const;
    for (const rule of fifthFailing('oakTransferToDepositPost', UNCLEAR)) h.sandbox.injectFault(rule);
    for (const rule of fifthFailing('oakTransferInquiryGet', INQUIRY_FAULTS)) h.sandbox.injectFault(rule);

    const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { __typename
      ... on TransferCompleted { transfer { id status } }
      ... on TransferPending { transfer { id status } }
      ... on TransferRejected { transfer { id status } } } }`;
    const keys = Array.from({ length: 30 }, () => randomUUID());
    const send = (key: string) =>
      h.gql<{ transfer: { transfer: { id: string; status: string } } }>(
        TRANSFER,
        {
          input: {
            idempotencyKey: key,
            nationalId: THREE_BANKS.nationalId,
            sourceAccountNumber: source.deposit,
            destination: destination.deposit,
            amount: '150000',
            description: 'قسط',
            // Ayandeh (062) sources require a payment id and a purpose code.
            paymentNumber: '1234567',
            reasonDescription: '1',
          },
        },
        withHandle(handle),
      );
    // Each transfer asked for twice at once, as a client retrying after a lost answer would.
    const first = await pooled(keys, 10, (key) => Promise.all([send(key), send(key)]));
    for (const pair of first) for (const res of pair) expect(res.errors).toBeUndefined();

    const ids = first.map(([res]) => dataOf(res).transfer.transfer.id);
    const FOLLOW = `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { __typename ... on TransferPending { transfer { id } } } }`;
    await eventually(
      async () => {
        const states = await Promise.all(
          keys.map((key) =>
            h.gql<{ transfer: { __typename: string } }>(
              FOLLOW,
              { nid: THREE_BANKS.nationalId, key },
              withHandle(handle),
            ),
          ),
        );
        return states.every((res) => res.data?.transfer.__typename !== 'TransferPending') ? true : undefined;
      },
      { timeoutMs: 40_000 },
    );

    const sent = h.upstreamCalls('oakTransferToDepositPost');
    // One send per transfer: never retried, never resent by a duplicate request.
    expect(sent).toHaveLength(keys.length);
    expect(new Set(sent.map((call) => call.trackId)).size).toBe(keys.length);
    const applied = h.sandbox.appliedTransfers();
    expect(new Set(applied.map((transfer) => transfer.trackId)).size).toBe(applied.length);
    expect(applied.length).toBeLessThanOrEqual(keys.length);
    expect(new Set(ids).size).toBe(keys.length);
  }, 90_000);
});
