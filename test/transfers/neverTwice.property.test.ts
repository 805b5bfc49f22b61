/**
 * Never twice, never lost: many transfers at once, each sent by several concurrent duplicates and
 * retried, while the upstream times out, answers 408 or 5xx, cuts connections (before or after it
 * applied the transfer), lets a request land after the client gave up on it, and fails inquiries.
 * Whatever happens, the sandbox applies each idempotency key at most once, every key ends in a
 * definite outcome that agrees with what the sandbox did, and "not applied" is said only of a transfer
 * whose request never reached the sandbox.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { THREE_BANKS, accountsOf, personOf } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { eventually } from '../helpers/eventually.js';
import { LOOKUP_FAULTS, PROPERTY_UPSTREAM_TIMEOUT_MS, UNCLEAR_ANSWERS } from '../helpers/faults.js';
import { useHarness } from '../helpers/harness.js';
import { propertyParameters, propertyTimeout } from '../helpers/propertyRuns.js';
import { at, dataOf, present } from '../helpers/responses.js';

/** How long a key may take to settle once the faults are gone: long, for a machine far busier than its cores. */
const SETTLE_WAIT_MS = 60_000;

// A late landing (after the client timed out) is followed for as long as it takes. On a loaded machine
// the timeouts may also open the oak group's breaker: transfers it refuses are never sent (and must
// match the ledger like any other outcome); a short half-open time lets the inquiries resume.
const h = useHarness({
  env: {
    UPSTREAM_TIMEOUT_MS: String(PROPERTY_UPSTREAM_TIMEOUT_MS),
    UPSTREAM_OPERATION_BUDGET_MS: String(4 * PROPERTY_UPSTREAM_TIMEOUT_MS),
    JOB_POLL_INITIAL_MS: '20',
    JOB_POLL_MAX_MS: '60',
    UPSTREAM_BREAKER_HALF_OPEN_MS: '300',
  },
});
let handle = '';
beforeAll(async () => {
  handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
});

const sepah = accountsOf(THREE_BANKS.nationalId).filter((account) => account.bank.code === '062');
const source = present(
  sepah.find((account) => account.iban === 'IR760620062000301235200542'),
  'source',
);
const destination = present(
  sepah.find((account) => account.iban === 'IR330620025360301235200501'),
  'destination',
);
const holder = personOf(at(destination.owners, 0));
const ABOVE_INTERNAL_LIMIT = 1_000_000_001;

const RESULT = `__typename
  ... on TransferCompleted { receipt { amount } }
  ... on TransferRejected { reason }`;
const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`;
const FOLLOW = `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`;

interface Outcome {
  __typename: 'TransferCompleted' | 'TransferPending' | 'TransferRejected';
  receipt?: { amount: string };
  reason?: string;
}

const operation = fc.record({
  // Above the internal limit the bank refuses it: sent to an IBAN of the source's own bank, which the
  // subgraph cannot tell from Satna, so only the bank says no.
  amount: fc.oneof(fc.integer({ min: 10_000, max: 900_000 }), fc.constant(ABOVE_INTERNAL_LIMIT)),
  duplicates: fc.integer({ min: 1, max: 3 }),
  retries: fc.integer({ min: 0, max: 2 }),
});
const scenario = fc.record({
  operations: fc.array(operation, { minLength: 40, maxLength: 80 }),
  transferFaults: fc.array(fc.constantFrom(...UNCLEAR_ANSWERS), { maxLength: 12 }),
  inquiryFaults: fc.array(fc.constantFrom(...LOOKUP_FAULTS), { maxLength: 4 }),
});

async function send(key: string, amount: number): Promise<Outcome> {
  const to =
    amount === ABOVE_INTERNAL_LIMIT
      ? { destination: destination.iban, destinationFirstName: holder.firstName, destinationLastName: holder.lastName }
      : { destination: destination.deposit };
  const input = {
    idempotencyKey: key,
    nationalId: THREE_BANKS.nationalId,
    sourceAccountNumber: source.deposit,
    ...to,
    amount: String(amount),
    description: key,
    // Ayandeh (062) sources require a payment id and a purpose code.
    paymentNumber: '1234567',
    reasonDescription: '1',
  };
  const res = await h.gql<{ transfer: Outcome }>(TRANSFER, { input }, withHandle(handle));
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return dataOf(res).transfer;
}

/** The key's outcome once it is definite (a guard against a hang, not a speed check). */
function finalOutcome(key: string): Promise<Outcome> {
  return eventually(
    async () => {
      const res = await h.gql<{ transfer: Outcome | null }>(
        FOLLOW,
        { nid: THREE_BANKS.nationalId, key },
        withHandle(handle),
      );
      const outcome = res.data?.transfer;
      return outcome && outcome.__typename !== 'TransferPending' ? outcome : undefined;
    },
    { what: `a definite outcome of ${key}`, timeoutMs: SETTLE_WAIT_MS, intervalMs: 100 },
  );
}

/** The keys whose transfer request reached the sandbox (its description is the key). */
function arrived(): Set<string> {
  return new Set(
    h.sandbox
      .calls('oakTransferToDepositPost')
      .map((call) => (call.body as { description?: unknown } | undefined)?.description)
      .filter((description): description is string => typeof description === 'string'),
  );
}

const RUNS = 5;

describe('transfers under retries, duplicates and faults', () => {
  it(
    'apply each idempotency key at most once and end every key in a definite outcome that matches the ledger',
    async () => {
      let transfersAsked = 0;
      let runs = 0;
      const seen = { pendingAnswers: 0, completed: 0, rejected: 0 };
      await fc.assert(
        fc.asyncProperty(scenario, async ({ operations, transferFaults, inquiryFaults }) => {
          runs += 1;
          h.sandbox.clearFaults();
          for (const rule of transferFaults)
            h.sandbox.injectFault({ ...rule, operationId: 'oakTransferToDepositPost' });
          for (const rule of inquiryFaults) h.sandbox.injectFault({ ...rule, operationId: 'oakTransferInquiryGet' });
          const run = randomBytes(4).toString('hex');
          const keys = operations.map((_, i) => `nt-${run}-${i}`);
          const before = h.sandbox.balanceOf(source.iban);

          const answers = await Promise.all(
            operations.map(async (op, i) => {
              const key = at(keys, i);
              const seen = await Promise.all(Array.from({ length: op.duplicates }, () => send(key, op.amount)));
              for (let r = 0; r < op.retries; r++) seen.push(await send(key, op.amount));
              transfersAsked += seen.length;
              return seen;
            }),
          );
          h.sandbox.clearFaults();
          const finals = await Promise.all(keys.map((key) => finalOutcome(key)));

          const reached = arrived();
          const applied = h.sandbox
            .appliedTransfers()
            .filter((transfer) => transfer.description.startsWith(`nt-${run}-`));
          let moved = 0n;
          operations.forEach((op, i) => {
            const key = at(keys, i);
            const mine = applied.filter((transfer) => transfer.description === key);
            const final = at(finals, i);
            seen.pendingAnswers += at(answers, i).filter((answer) => answer.__typename === 'TransferPending').length;
            if (final.__typename === 'TransferCompleted') seen.completed += 1;
            else seen.rejected += 1;
            expect(mine.length, key).toBeLessThanOrEqual(1);
            if (final.__typename === 'TransferCompleted') {
              expect(
                mine.map((transfer) => transfer.amount),
                key,
              ).toEqual([BigInt(op.amount)]);
              expect(final.receipt?.amount).toBe(String(op.amount));
              moved += BigInt(op.amount);
            } else {
              expect(mine, key).toEqual([]);
            }
            // "Not applied" only for a request that never reached the sandbox.
            if (final.reason === 'NOT_APPLIED') expect(reached.has(key), key).toBe(false);
            // Above the limit it is refused: by the bank's answer, by its record when the answer was lost,
            // or unsent when a fault kept it from ever leaving.
            if (op.amount === ABOVE_INTERNAL_LIMIT)
              expect(['AMOUNT_ABOVE_LIMIT', 'REJECTED_BY_BANK', 'NOT_APPLIED'], key).toContain(final.reason);
            // An answer once definite never changes.
            for (const answer of at(answers, i)) {
              if (answer.__typename !== 'TransferPending') expect(answer, key).toEqual(final);
            }
          });
          expect(h.sandbox.balanceOf(source.iban)).toBe(before - moved);
        }),
        propertyParameters(RUNS),
      );
      // Each run asks 40 to 80 keys, each once to five times; and the faults were felt: some answers were
      // unclear, and both outcomes occurred.
      expect(transfersAsked).toBeGreaterThanOrEqual(40 * runs);
      expect(seen.pendingAnswers).toBeGreaterThan(0);
      expect(seen.completed).toBeGreaterThan(0);
      expect(seen.rejected).toBeGreaterThan(0);
    },
    propertyTimeout(RUNS, 40_000, 240_000),
  );
});
