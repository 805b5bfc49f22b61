/**
 * Never twice, never lost, for Sayad cheque actions: many cheques at once, each taken through a random
 * life (issue, accept or reject, pass on, give back, cancel), every action sent by concurrent
 * duplicates and retried, while the upstream times out, answers 408 or 5xx, cuts connections (before
 * or after it applied the action), lets a request land after the client gave up on it, and fails the
 * call-record lookups. Whatever happens, the sandbox applies each idempotency key at most once, every
 * key ends in a definite outcome that agrees with what the sandbox did, and "not applied" is said only
 * of an action whose request never reached the sandbox.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { type AppliedSayadStep, JOINT_HOLDER, WOMAN, accountsOf, chequebooksOf } from '../fixtures/sandbox.js';
import { withHandle } from '../consent/support.js';
import { LATE_LANDING_MS, LOOKUP_FAULTS, PROPERTY_UPSTREAM_TIMEOUT_MS, UNCLEAR_ANSWERS } from '../helpers/faults.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { propertyParameters, propertyTimeout } from '../helpers/propertyRuns.js';
import {
  DRAWER,
  DUE_DATE,
  actorOf,
  answerInput,
  cancelInput,
  chequeConsents,
  partyOf,
  transferInput,
  type ChequeMutation,
  MUTATIONS,
} from '../cheques/support.js';
import { at, dataOf, present } from '../helpers/responses.js';

/** How long a key may take to settle once the faults are gone: long, for a machine far busier than its cores. */
const SETTLE_WAIT_MS = 60_000;

// A late landing (after the client timed out) is followed through the call log for as long as it takes.
const h = useHarness({
  env: {
    UPSTREAM_TIMEOUT_MS: String(PROPERTY_UPSTREAM_TIMEOUT_MS),
    UPSTREAM_OPERATION_BUDGET_MS: String(4 * PROPERTY_UPSTREAM_TIMEOUT_MS),
    JOB_POLL_INITIAL_MS: '20',
    JOB_POLL_MAX_MS: '60',
    // The property is about keys under faults, not the circuit breaker: on a loaded machine the timeout
    // alone can fail many of an operation's calls, and an open breaker (10 s before it tries again)
    // would hold a key's lookups back past the wait for its outcome.
    UPSTREAM_BREAKER_MIN_CALLS: '1000000',
  },
});
let handles: Record<string, string> = {};
let issueHandle = '';
beforeAll(async () => {
  const consents = await chequeConsents(h, [DRAWER, WOMAN.nationalId, JOINT_HOLDER.nationalId]);
  issueHandle = consents.code;
  handles = consents.sms;
});

/** The drawer's own leaves: a fresh one for every cheque of every run. */
const CHEQUES_PER_RUN = 8;
const LEAVES = accountsOf(DRAWER)
  .filter((account) => account.owners.length === 1)
  .flatMap((account) => chequebooksOf(account).flatMap((book) => book.sayadIds));
const PEOPLE = [DRAWER, WOMAN.nationalId, JOINT_HOLDER.nationalId];

const ACTION_OPERATIONS: readonly OperationId[] = [
  'creditAcSayadIssueChequePost',
  'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
  'creditSmsSayadAcceptChequePost',
  'creditSmsSayadCancelChequePost',
];

const RESULT = `__typename
  ... on ChequeActionCompleted { action { trackId type } }
  ... on ChequeActionPending { action { trackId } }
  ... on ChequeActionRejected { reason action { trackId } }`;
const FOLLOW = `query($nid: String!, $key: String!) { chequeAction(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`;

interface Outcome {
  __typename: 'ChequeActionCompleted' | 'ChequeActionPending' | 'ChequeActionRejected';
  action: { trackId: string; type?: string };
  reason?: string;
}

/** Where a cheque stands, as the test knows it from the definite outcomes. */
type Model =
  | { readonly status: 'BLANK' }
  | { readonly status: 'AWAITING'; readonly holders: readonly string[]; readonly receivers: readonly string[] }
  | { readonly status: 'HELD'; readonly holders: readonly string[] }
  | { readonly status: 'VOIDED' };

interface Step {
  readonly mutation: ChequeMutation;
  readonly actor: string;
  readonly input: Record<string, unknown>;
  readonly action: AppliedSayadStep['action'];
  /** The cheque as it stands if the action is applied. */
  readonly after: Model;
}

/** The next action of a cheque's life, chosen by `pick` (0–99) among those its state allows. */
function nextStep(sayadId: string, model: Model, pick: number): Step | null {
  const key = randomUUID();
  switch (model.status) {
    case 'BLANK': {
      const receiver = pick < 50 ? WOMAN.nationalId : JOINT_HOLDER.nationalId;
      const input = {
        idempotencyKey: key,
        drawer: actorOf(DRAWER),
        sayadId,
        receivers: [partyOf(receiver)],
        amount: String(1_000_000 + pick),
        dueDate: DUE_DATE,
        description: 'بابت خرید',
        reason: 'GOODS',
      };
      return {
        mutation: 'issueCheque',
        actor: DRAWER,
        input,
        action: 'ISSUE',
        after: { status: 'AWAITING', holders: [], receivers: [receiver] },
      };
    }
    case 'AWAITING': {
      const receiver = at(model.receivers, 0);
      const issued = model.holders.length === 0;
      if (pick < 70)
        return {
          mutation: 'acceptCheque',
          actor: receiver,
          input: answerInput(receiver, sayadId, { idempotencyKey: key }),
          action: 'ACCEPT',
          after: { status: 'HELD', holders: model.receivers },
        };
      if (pick < 85 || !issued) {
        const after: Model = issued ? { status: 'VOIDED' } : { status: 'HELD', holders: model.holders };
        return {
          mutation: 'rejectCheque',
          actor: receiver,
          input: answerInput(receiver, sayadId, { idempotencyKey: key }),
          action: 'REJECT',
          after,
        };
      }
      return {
        mutation: 'cancelCheque',
        actor: DRAWER,
        input: cancelInput(sayadId, { idempotencyKey: key }),
        action: 'CANCEL',
        after: { status: 'VOIDED' },
      };
    }
    case 'HELD': {
      const holder = at(model.holders, 0);
      if (holder !== DRAWER && pick < 25) {
        const input = transferInput(holder, sayadId, [DRAWER], { idempotencyKey: key, giveBack: true });
        return {
          mutation: 'transferCheque',
          actor: holder,
          input,
          action: 'GIVE_BACK',
          after: { status: 'AWAITING', holders: model.holders, receivers: [DRAWER] },
        };
      }
      const others = PEOPLE.filter((nid) => nid !== holder);
      const receiver = at(others, pick % others.length);
      const input = transferInput(holder, sayadId, [receiver], { idempotencyKey: key });
      return {
        mutation: 'transferCheque',
        actor: holder,
        input,
        action: 'TRANSFER',
        after: { status: 'AWAITING', holders: model.holders, receivers: [receiver] },
      };
    }
    case 'VOIDED':
      return null;
  }
}

async function send(step: Step): Promise<Outcome | null> {
  const handle = present(step.mutation === 'issueCheque' ? issueHandle : handles[step.actor], 'handle');
  const res = await h.gql<Record<string, Outcome>>(
    `mutation($input: ${MUTATIONS[step.mutation]}!) { ${step.mutation}(input: $input) { ${RESULT} } }`,
    { input: step.input },
    withHandle(handle),
  );
  // Only the leaf lookup before an issue can fail the whole request; then nothing was claimed.
  if (res.errors) {
    expect(step.mutation, JSON.stringify(res.errors)).toBe('issueCheque');
    return null;
  }
  return dataOf(res)[step.mutation]!;
}

/** The key's outcome once it is definite (null when it was never claimed); a guard against a hang, not a speed check. */
async function finalOutcome(step: Step): Promise<Outcome | null> {
  const { outcome } = await eventually(
    async () => {
      const res = await h.gql<{ chequeAction: Outcome | null }>(
        FOLLOW,
        { nid: step.actor, key: step.input['idempotencyKey'] },
        withHandle(present(handles[step.actor], 'handles[step.actor]')),
      );
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      const found = dataOf(res).chequeAction;
      return !found || found.__typename !== 'ChequeActionPending' ? { outcome: found } : undefined;
    },
    {
      what: `a definite outcome of ${String(step.input['idempotencyKey'])}`,
      timeoutMs: SETTLE_WAIT_MS,
      intervalMs: 100,
    },
  );
  return outcome;
}

interface Settled {
  readonly step: Step;
  readonly answers: readonly (Outcome | null)[];
  readonly final: Outcome | null;
}

/** One cheque's life: each action sent by duplicates and retries, the next chosen once the last is definite. */
async function live(
  sayadId: string,
  picks: readonly { pick: number; duplicates: number; retries: number }[],
): Promise<Settled[]> {
  let model: Model = { status: 'BLANK' };
  const settled: Settled[] = [];
  for (const { pick, duplicates, retries } of picks) {
    const step = nextStep(sayadId, model, pick);
    if (!step) break;
    const answers = await Promise.all(Array.from({ length: duplicates }, () => send(step)));
    for (let r = 0; r < retries; r++) answers.push(await send(step));
    const final = await finalOutcome(step);
    if (final?.__typename === 'ChequeActionCompleted') model = step.after;
    // Like a person told "not applied", pause before acting again: a wrong verdict on an action still on
    // its way would then show as an action applied after all, not as one overtaken by the next (a wait
    // for nothing to happen, which no event can replace).
    else await sleep(300);
    settled.push({ step, answers, final });
  }
  return settled;
}

const life = fc.array(
  fc.record({
    pick: fc.integer({ min: 0, max: 99 }),
    duplicates: fc.integer({ min: 1, max: 3 }),
    retries: fc.integer({ min: 0, max: 2 }),
  }),
  {
    minLength: 6,
    maxLength: 12,
  },
);
const scenario = fc.record({
  lives: fc.array(life, { minLength: CHEQUES_PER_RUN, maxLength: CHEQUES_PER_RUN }),
  // Every run has a late landing and an answer lost after the effect, besides the random faults.
  actionFaults: fc
    .tuple(
      fc.array(
        fc.record({ rule: fc.constantFrom(...UNCLEAR_ANSWERS), operationId: fc.constantFrom(...ACTION_OPERATIONS) }),
        { maxLength: 12 },
      ),
      fc.constantFrom(...ACTION_OPERATIONS),
      fc.constantFrom(...ACTION_OPERATIONS),
    )
    .map(([random, late, lost]) => [
      { rule: { delayMs: LATE_LANDING_MS }, operationId: late },
      { rule: { status: 503, afterEffect: true }, operationId: lost },
      ...random,
    ]),
  recordFaults: fc.array(fc.constantFrom(...LOOKUP_FAULTS), { maxLength: 4 }),
});

const RUNS = 10;

describe('cheque actions under retries, duplicates and faults', () => {
  it(
    'apply each idempotency key at most once and end every key in a definite outcome that matches the Sayad system',
    async () => {
      // The drawer's leaves last this many runs of one sandbox: a soak repeats the file (docs/TESTING.md).
      const asked = propertyParameters(RUNS).numRuns ?? RUNS;
      expect(asked, `runs asked; the drawer's ${LEAVES.length} leaves allow at most`).toBeLessThanOrEqual(
        Math.floor(LEAVES.length / CHEQUES_PER_RUN),
      );
      let requests = 0;
      let runs = 0;
      let leavesUsed = 0;
      const finals = { completed: 0, rejected: 0, pendingAnswers: 0 };
      await fc.assert(
        fc.asyncProperty(scenario, async ({ lives, actionFaults, recordFaults }) => {
          runs += 1;
          h.sandbox.clearFaults();
          for (const { rule, operationId } of actionFaults) h.sandbox.injectFault({ ...rule, operationId });
          for (const rule of recordFaults) h.sandbox.injectFault({ ...rule, operationId: 'devWagesGet' });
          const leaves = LEAVES.slice(leavesUsed, leavesUsed + lives.length);
          leavesUsed += lives.length;
          expect(leaves).toHaveLength(lives.length);

          const results = (await Promise.all(lives.map((picks, i) => live(at(leaves, i), picks)))).flat();
          h.sandbox.clearFaults();

          const steps = h.sandbox.appliedSayadSteps();
          for (const { step, answers, final } of results) {
            requests += answers.length;
            finals.pendingAnswers += answers.filter((answer) => answer?.__typename === 'ChequeActionPending').length;
            if (final?.__typename === 'ChequeActionCompleted') finals.completed += 1;
            if (final?.__typename === 'ChequeActionRejected') finals.rejected += 1;
            const key = String(step.input['idempotencyKey']);
            const claimed = answers.find((answer) => answer !== null)?.action.trackId ?? final?.action.trackId;
            const mine = claimed === undefined ? [] : steps.filter((applied) => applied.trackId === claimed);
            expect(mine.length, key).toBeLessThanOrEqual(1);
            // "Not applied" only for a request that never reached the sandbox.
            if (final?.__typename === 'ChequeActionRejected' && final.reason === 'NOT_APPLIED')
              expect(
                ACTION_OPERATIONS.flatMap((operationId) => h.sandbox.calls(operationId)).filter(
                  (call) => call.trackId === claimed,
                ),
                key,
              ).toEqual([]);
            if (final?.__typename === 'ChequeActionCompleted') {
              expect(
                mine.map(({ action, by, sayadId }) => ({ action, by, sayadId })),
                key,
              ).toEqual([{ action: step.action, by: step.actor, sayadId: step.input['sayadId'] }]);
              expect(final.action.type).toBe(step.action);
            } else {
              expect(mine, key).toEqual([]);
            }
            // An answer once definite never changes.
            for (const answer of answers) {
              if (answer && answer.__typename !== 'ChequeActionPending') expect(answer, key).toEqual(final);
            }
          }
        }),
        propertyParameters(RUNS),
      );
      expect(requests).toBeGreaterThan(50 * runs);
      // The faults were felt: some answers were unclear, and both outcomes occurred.
      expect(finals.pendingAnswers).toBeGreaterThan(0);
      expect(finals.completed).toBeGreaterThan(0);
      expect(finals.rejected).toBeGreaterThan(0);
    },
    propertyTimeout(RUNS, 25_000, 240_000),
  );
});
