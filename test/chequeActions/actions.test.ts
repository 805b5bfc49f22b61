/** The cheque mutations over HTTP: a cheque's life through them, idempotency, the Sayad system's refusals, consent. */
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SAMPLES, JOINT_HOLDER, WOMAN } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import {
  AC_TRANSFER_SCOPE,
  BOOK,
  DRAWER,
  DUE_DATE,
  HOLDER_VIEW,
  RESULT,
  act,
  actorOf,
  answerInput,
  cancelInput,
  chequeConsents,
  issueInput,
  jalaliDaysAhead,
  partyOf,
  transferInput,
  type ChequeOutcome,
} from '../cheques/support.js';
import { at, dataOf, firstError, present } from '../helpers/responses.js';

const h = useHarness();
let code = '';
let sms: Record<string, string> = {};
beforeAll(async () => {
  ({ code, sms } = await chequeConsents(h, [DRAWER, WOMAN.nationalId, JOINT_HOLDER.nationalId]));
});

async function view(nid: string, sayadId: string) {
  const res = await h.gql<{ cheque: { view: { status: string; holders: { idCode: string }[] } | null } }>(
    HOLDER_VIEW,
    { id: sayadId },
    withHandle(present(sms[nid], 'sms[nid]')),
  );
  expect(res.errors).toBeUndefined();
  return dataOf(res).cheque.view;
}

function outcomeOf(res: Awaited<ReturnType<typeof act>>, mutation: string): ChequeOutcome {
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return dataOf(res)[mutation]!;
}

describe('a cheque’s life through the mutations', () => {
  const sayadId = at(BOOK.sayadIds, 1);

  it('issues a cheque from its Sayad id alone, once, and a retry answers the same action', async () => {
    h.sandbox.clearCalls();
    const input = issueInput(1, [WOMAN.nationalId]);
    const first = outcomeOf(await act(h, 'issueCheque', input, code), 'issueCheque');
    expect(first).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: {
        status: 'SUCCESS',
        type: 'ISSUE',
        actorNationalId: DRAWER,
        actor: { nationalId: DRAWER },
        idempotencyKey: input.idempotencyKey,
        receipt: { referenceId: expect.stringMatching(/^\d+$/), transferState: null },
      },
      cheque: { sayadId },
    });
    const again = outcomeOf(await act(h, 'issueCheque', input, code), 'issueCheque');
    expect(again.action.id).toBe(first.action.id);
    // The leaf is looked up once, the cheque issued once.
    expect(callCounts(h)).toEqual({ creditSayadSerialInquiryGet: 1, creditAcSayadIssueChequePost: 1 });
    const issued = at(h.upstreamCalls('creditAcSayadIssueChequePost'), 0).body as Record<string, unknown>;
    expect(issued).toMatchObject({
      sayadId,
      seriesNo: BOOK.seriesNo,
      serialNo: String(BOOK.serialFrom + 1),
      bankCode: '15',
      dueDate: DUE_DATE.replaceAll('/', ''),
      reason: 'GPPC',
      chequeMedia: '2',
    });
    expect(await view(WOMAN.nationalId, sayadId)).toMatchObject({
      status: 'AWAITING_ACCEPTANCE',
      holders: [{ idCode: WOMAN.nationalId }],
    });
  });

  it('refuses the same key for another cheque action, sending nothing', async () => {
    const input = issueInput(2, [WOMAN.nationalId]);
    expect(outcomeOf(await act(h, 'issueCheque', input, code), 'issueCheque').__typename).toBe('ChequeActionCompleted');
    h.sandbox.clearCalls();
    const res = await act(h, 'issueCheque', { ...input, amount: '26000000' }, code);
    expect(firstError(res)).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', argumentPath: 'input.idempotencyKey' },
    });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('lets the receiver accept it, then pass it on by SMS consent; the new receiver rejects, so she holds it still', async () => {
    const accepted = outcomeOf(
      await act(h, 'acceptCheque', answerInput(WOMAN.nationalId, sayadId), sms[WOMAN.nationalId]),
      'acceptCheque',
    );
    expect(accepted).toMatchObject({ __typename: 'ChequeActionCompleted', action: { type: 'ACCEPT' } });
    expect(await view(WOMAN.nationalId, sayadId)).toMatchObject({ status: 'ISSUED' });

    h.sandbox.clearCalls();
    const passed = outcomeOf(
      await act(
        h,
        'transferCheque',
        transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId]),
        sms[WOMAN.nationalId],
      ),
      'transferCheque',
    );
    expect(passed).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: { type: 'TRANSFER', receipt: { transferState: 'AWAITING_ACCEPTANCE' } },
    });
    expect(callCounts(h)).toEqual({ credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post: 1 });
    expect(await view(JOINT_HOLDER.nationalId, sayadId)).toMatchObject({ status: 'AWAITING_TRANSFER_ACCEPTANCE' });

    const rejected = outcomeOf(
      await act(h, 'rejectCheque', answerInput(JOINT_HOLDER.nationalId, sayadId), sms[JOINT_HOLDER.nationalId]),
      'rejectCheque',
    );
    expect(rejected).toMatchObject({ __typename: 'ChequeActionCompleted', action: { type: 'REJECT' } });
    expect(await view(WOMAN.nationalId, sayadId)).toMatchObject({
      status: 'ISSUED',
      holders: [{ idCode: WOMAN.nationalId }],
    });
  });

  it('gives it back to the drawer under an authorization-code consent, and the drawer takes it back', async () => {
    const womanCode = await codeConsent(h.gql, WOMAN.nationalId, '056', [AC_TRANSFER_SCOPE]);
    h.sandbox.clearCalls();
    const given = outcomeOf(
      await act(h, 'transferCheque', transferInput(WOMAN.nationalId, sayadId, [DRAWER], { giveBack: true }), womanCode),
      'transferCheque',
    );
    expect(given).toMatchObject({ __typename: 'ChequeActionCompleted', action: { type: 'GIVE_BACK' } });
    expect(callCounts(h)).toEqual({ creditAcSayadTransferChequePost: 1 });
    expect(at(h.upstreamCalls('creditAcSayadTransferChequePost'), 0).body).toMatchObject({
      giveBack: '1',
      transferDate: expect.stringMatching(/^14\d{12}$/),
    });
    const back = outcomeOf(await act(h, 'acceptCheque', answerInput(DRAWER, sayadId), sms[DRAWER]), 'acceptCheque');
    expect(back.__typename).toBe('ChequeActionCompleted');
    expect(await view(DRAWER, sayadId)).toMatchObject({ status: 'ISSUED', holders: [{ idCode: DRAWER }] });
  });

  it('lets the drawer cancel a cheque no one accepted, and not twice', async () => {
    const other = at(BOOK.sayadIds, 3);
    await act(h, 'issueCheque', issueInput(3, [JOINT_HOLDER.nationalId]), code);
    const cancelled = outcomeOf(await act(h, 'cancelCheque', cancelInput(other), sms[DRAWER]), 'cancelCheque');
    expect(cancelled).toMatchObject({ __typename: 'ChequeActionCompleted', action: { type: 'CANCEL' } });
    expect(await view(DRAWER, other)).toMatchObject({ status: 'VOIDED' });
    const again = outcomeOf(await act(h, 'cancelCheque', cancelInput(other), sms[DRAWER]), 'cancelCheque');
    expect(again).toMatchObject({
      __typename: 'ChequeActionRejected',
      reason: 'WRONG_STATE',
      code: 'WRONG_STATE',
      action: { status: 'FAILED', failure: { code: 'WRONG_STATE' } },
    });
  });
});

describe('the Sayad system’s refusals', () => {
  const sayadId = at(BOOK.sayadIds, 4);
  beforeAll(async () => {
    await act(h, 'issueCheque', issueInput(4, [WOMAN.nationalId]), code);
  });

  it.each([
    ['someone the cheque is not drawn to', JOINT_HOLDER.nationalId, {}, 'NOT_A_PARTY'],
    [
      'a Shahab code that is not the receiver’s',
      WOMAN.nationalId,
      { receiver: { nationalId: WOMAN.nationalId, shahabCode: '1000000000000001' } },
      'INVALID_PARTY',
    ],
  ])('rejects an acceptance by %s', async (_what, nid, overrides, reason) => {
    const res = outcomeOf(await act(h, 'acceptCheque', answerInput(nid, sayadId, overrides), sms[nid]), 'acceptCheque');
    expect(res).toMatchObject({ __typename: 'ChequeActionRejected', reason, message: expect.any(String) });
  });

  it('rejects issuing a leaf twice', async () => {
    const res = outcomeOf(await act(h, 'issueCheque', issueInput(4, [JOINT_HOLDER.nationalId]), code), 'issueCheque');
    expect(res).toMatchObject({ __typename: 'ChequeActionRejected', reason: 'ALREADY_ISSUED' });
  });

  it('rejects passing on a cheque awaiting acceptance', async () => {
    const res = outcomeOf(
      await act(
        h,
        'transferCheque',
        transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId]),
        sms[WOMAN.nationalId],
      ),
      'transferCheque',
    );
    expect(res).toMatchObject({ __typename: 'ChequeActionRejected', reason: 'WRONG_STATE' });
  });

  it('refuses to issue from a Sayad id no chequebook has, after looking up the leaf only', async () => {
    h.sandbox.clearCalls();
    const res = await act(h, 'issueCheque', issueInput(5, [WOMAN.nationalId], { sayadId: '0159999999999999' }), code);
    expect(firstError(res)).toMatchObject({
      path: ['issueCheque'],
      extensions: { code: 'BAD_USER_INPUT', argumentPath: 'input.sayadId' },
    });
    expect(callCounts(h)).toEqual({ creditSayadSerialInquiryGet: 1 });
  });
});

describe('bad input', () => {
  const sayadId = at(BOOK.sayadIds, 6);
  it.each([
    ['issueCheque', issueInput(6, []), 'input.receivers'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId, WOMAN.nationalId]), 'input.receivers.1.id'],
    ['issueCheque', issueInput(6, [DRAWER]), 'input.receivers.0.id'],
    [
      'issueCheque',
      issueInput(6, [WOMAN.nationalId], { receivers: [{ id: WOMAN.nationalId, name: 'مریم' }] }),
      'input.receivers.0.shahabCode',
    ],
    [
      'issueCheque',
      issueInput(6, [WOMAN.nationalId], {
        receivers: [{ id: '10100000000', kind: 'COMPANY', name: 'شرکت', shahabCode: '1234567890123456' }],
      }),
      'input.receivers.0.shahabCode',
    ],
    [
      'issueCheque',
      issueInput(6, [WOMAN.nationalId], { drawer: { nationalId: DRAWER, shahabCode: '12', name: 'x' } }),
      'input.drawer.shahabCode',
    ],
    [
      'issueCheque',
      issueInput(6, [WOMAN.nationalId], { drawer: { nationalId: DRAWER, shahabCode: '1234567890123456' } }),
      'input.drawer.name',
    ],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { dueDate: '2026-11-23' }), 'input.dueDate'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { dueDate: jalaliDaysAhead(-2) }), 'input.dueDate'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { dueDate: jalaliDaysAhead(11 * 366) }), 'input.dueDate'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { description: 'بابت\u0000خرید' }), 'input.description'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { description: 'ب'.repeat(101) }), 'input.description'],
    [
      'issueCheque',
      issueInput(6, [WOMAN.nationalId], {
        receivers: [{ id: WOMAN.nationalId, name: 'مریم\r\n', shahabCode: '1234567890123456' }],
      }),
      'input.receivers.0.name',
    ],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { amount: '0' }), 'input.amount'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { sayadId: '12345' }), 'input.sayadId'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { toIban: 'IR00' }), 'input.toIban'],
    ['issueCheque', issueInput(6, [WOMAN.nationalId], { idempotencyKey: 'no spaces allowed' }), 'input.idempotencyKey'],
    ['acceptCheque', answerInput(WOMAN.nationalId, sayadId, { description: 'accepted' }), 'input.description'],
    ['acceptCheque', answerInput(WOMAN.nationalId, sayadId, { description: 'تایید\tشد' }), 'input.description'],
    ['cancelCheque', cancelInput(sayadId, { description: 'ابطال\u202Eشد' }), 'input.description'],
    [
      'cancelCheque',
      cancelInput(sayadId, { drawer: { nationalId: '1234567890', shahabCode: '1234567890123456' } }),
      'input.drawer.nationalId',
    ],
    ['transferCheque', transferInput(WOMAN.nationalId, sayadId, [WOMAN.nationalId]), 'input.receivers.0.id'],
  ] as const)('%s refuses %j on its argument path before any upstream call', async (mutation, input, argumentPath) => {
    h.sandbox.clearCalls();
    const handle = mutation === 'issueCheque' ? code : sms[WOMAN.nationalId];
    const res = await act(h, mutation, input, handle);
    expect(firstError(res)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath } });
    expect(h.upstreamCalls()).toEqual([]);
  });
});

describe('consent', () => {
  it('needs one, says which, and sends nothing', async () => {
    h.sandbox.clearCalls();
    const res = await act(h, 'issueCheque', issueInput(7, [WOMAN.nationalId]));
    expect(firstError(res)).toMatchObject({
      extensions: { code: 'CONSENT_REQUIRED', scope: 'credit:ac-sayad-issue-cheque:post', grant: 'authorization_code' },
    });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('refuses a consent of another person, and leaves the key unused', async () => {
    const input = answerInput(WOMAN.nationalId, at(BOOK.sayadIds, 7));
    h.sandbox.clearCalls();
    const res = await act(h, 'acceptCheque', input, sms[JOINT_HOLDER.nationalId]);
    expect(firstError(res)).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(h.upstreamCalls()).toEqual([]);
    const follow = await h.gql<{ chequeAction: unknown }>(
      `query($nid: String!, $key: String!) { chequeAction(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`,
      { nid: WOMAN.nationalId, key: input.idempotencyKey },
      withHandle(present(sms[WOMAN.nationalId], 'sms[WOMAN.nationalId]')),
    );
    expect(follow.errors).toBeUndefined();
    expect(dataOf(follow).chequeAction).toBeNull();
  });

  it('takes either grant for a transfer, and without one names the authorization-code variant', async () => {
    const res = await act(
      h,
      'transferCheque',
      transferInput(WOMAN.nationalId, at(BOOK.sayadIds, 7), [JOINT_HOLDER.nationalId]),
      sms[JOINT_HOLDER.nationalId],
    );
    expect(firstError(res)).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    const none = await act(
      h,
      'transferCheque',
      transferInput(WOMAN.nationalId, at(BOOK.sayadIds, 7), [JOINT_HOLDER.nationalId]),
    );
    expect(firstError(none)).toMatchObject({ extensions: { code: 'CONSENT_REQUIRED', scope: AC_TRANSFER_SCOPE } });
  });
});

describe('an agent who acts for the receiver or the drawer', () => {
  const agent = { nationalId: JOINT_HOLDER.nationalId, shahabCode: actorOf(JOINT_HOLDER.nationalId).shahabCode };

  it('accepts for the receiver under the agent’s consent, sending the agent as acceptorAgent', async () => {
    const sayadId = at(BOOK.sayadIds, 8);
    expect(
      outcomeOf(await act(h, 'issueCheque', issueInput(8, [WOMAN.nationalId]), code), 'issueCheque').action.status,
    ).toBe('SUCCESS');
    h.sandbox.clearCalls();
    const input = answerInput(WOMAN.nationalId, sayadId, { agent });
    // The receiver's own consent does not cover an action the agent takes.
    expect(firstError(await act(h, 'acceptCheque', input, sms[WOMAN.nationalId])).extensions).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(h.upstreamCalls()).toEqual([]);
    const accepted = outcomeOf(await act(h, 'acceptCheque', input, sms[JOINT_HOLDER.nationalId]), 'acceptCheque');
    expect(accepted).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: { type: 'ACCEPT', actorNationalId: JOINT_HOLDER.nationalId, receipt: { transferState: 'COMPLETED' } },
    });
    const call = at(h.upstreamCalls('creditSmsSayadAcceptChequePost'), 0);
    expect(call.path).toContain(`/users/${JOINT_HOLDER.nationalId}/`);
    expect(call.body).toMatchObject({
      acceptor: { idCode: WOMAN.nationalId, idType: '1' },
      acceptorAgent: { idCode: JOINT_HOLDER.nationalId, idType: '1', shahabId: agent.shahabCode },
    });
    expect(await view(WOMAN.nationalId, sayadId)).toMatchObject({ status: 'ISSUED' });
  });

  it('cancels for the drawer under the agent’s consent, sending the agent as cancellerAgent', async () => {
    const sayadId = at(BOOK.sayadIds, 9);
    outcomeOf(await act(h, 'issueCheque', issueInput(9, [WOMAN.nationalId]), code), 'issueCheque');
    h.sandbox.clearCalls();
    const cancelled = outcomeOf(
      await act(h, 'cancelCheque', cancelInput(sayadId, { agent }), sms[JOINT_HOLDER.nationalId]),
      'cancelCheque',
    );
    expect(cancelled).toMatchObject({ __typename: 'ChequeActionCompleted', action: { type: 'CANCEL' } });
    expect(at(h.upstreamCalls('creditSmsSayadCancelChequePost'), 0).body).toMatchObject({
      canceller: { idCode: DRAWER },
      cancellerAgent: { idCode: JOINT_HOLDER.nationalId },
    });
  });

  it.each([
    ['acceptCheque', () => answerInput(WOMAN.nationalId, at(BOOK.sayadIds, 10), { agent: actorOf(WOMAN.nationalId) })],
    ['cancelCheque', () => cancelInput(at(BOOK.sayadIds, 10), { agent: actorOf(DRAWER) })],
    [
      'acceptCheque',
      () => answerInput(WOMAN.nationalId, at(BOOK.sayadIds, 10), { agent: { ...agent, shahabCode: '1' } }),
    ],
  ] as const)('refuses %s with a bad agent before any upstream call', async (mutation, input) => {
    h.sandbox.clearCalls();
    const res = await act(h, mutation, input(), sms[JOINT_HOLDER.nationalId]);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(String(firstError(res).extensions?.['argumentPath'])).toMatch(/^input\.agent\./);
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('accepts a cheque drawn to a company, by its representative: the company as acceptor, the person as agent', async () => {
    const sayadId = at(BOOK.sayadIds, 11);
    const company = COMPANY_SAMPLES.active.nationalId;
    outcomeOf(
      await act(
        h,
        'issueCheque',
        issueInput(11, [], { receivers: [{ id: company, kind: 'COMPANY', name: COMPANY_SAMPLES.active.title }] }),
        code,
      ),
      'issueCheque',
    );
    h.sandbox.clearCalls();
    const accepted = outcomeOf(
      await act(h, 'acceptCheque', answerInput(WOMAN.nationalId, sayadId, { company }), sms[WOMAN.nationalId]),
      'acceptCheque',
    );
    expect(accepted).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: { actorNationalId: WOMAN.nationalId },
    });
    const call = at(h.upstreamCalls('creditSmsSayadAcceptChequePost'), 0);
    expect(call.path).toContain(`/users/${WOMAN.nationalId}/`);
    expect(call.body).toMatchObject({
      acceptor: { idCode: company, idType: '2' },
      acceptorAgent: { idCode: WOMAN.nationalId, idType: '1' },
    });
    expect((call.body as { acceptor: Record<string, unknown> }).acceptor).not.toHaveProperty('shahabId');
  });

  it('passes on a cheque a company holds, by its representative: the company as holder, the person signing', async () => {
    const sayadId = at(BOOK.sayadIds, 11);
    const company = { id: COMPANY_SAMPLES.active.nationalId, kind: 'COMPANY', name: COMPANY_SAMPLES.active.title };
    h.sandbox.clearCalls();
    const moved = outcomeOf(
      await act(
        h,
        'transferCheque',
        transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId], { company }),
        sms[WOMAN.nationalId],
      ),
      'transferCheque',
    );
    expect(moved).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: {
        type: 'TRANSFER',
        actorNationalId: WOMAN.nationalId,
        receipt: { transferState: 'AWAITING_ACCEPTANCE' },
      },
    });
    const call = at(h.upstreamCalls('credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post'), 0);
    expect(call.body).toMatchObject({
      holder: { idCode: company.id, idType: '2', name: company.name },
      signers: [{ signer: { idCode: WOMAN.nationalId, idType: '1' }, legalStamp: '1' }],
    });
    // A person's kind is refused as the company, before any call.
    h.sandbox.clearCalls();
    const wrong = await act(
      h,
      'transferCheque',
      transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId], { company: { ...company, kind: 'PERSON' } }),
      sms[WOMAN.nationalId],
    );
    expect(firstError(wrong).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'input.company.kind' });
    expect(h.upstreamCalls()).toEqual([]);
    // Signers named for the company must include its representative, who acts under their own consent.
    const unsigned = await act(
      h,
      'transferCheque',
      transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId], {
        company,
        signers: [{ party: partyOf(JOINT_HOLDER.nationalId), legalStamp: true }],
      }),
      sms[WOMAN.nationalId],
    );
    expect(firstError(unsigned).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'input.signers' });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it.each([
    ['input.company', { company: '123' }],
    [
      'input.agent',
      {
        company: COMPANY_SAMPLES.active.nationalId,
        agent: { nationalId: JOINT_HOLDER.nationalId, shahabCode: actorOf(JOINT_HOLDER.nationalId).shahabCode },
      },
    ],
  ] as const)('refuses %s before any upstream call', async (argumentPath, overrides) => {
    h.sandbox.clearCalls();
    const res = await act(
      h,
      'acceptCheque',
      answerInput(WOMAN.nationalId, at(BOOK.sayadIds, 11), overrides),
      sms[WOMAN.nationalId],
    );
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath });
    expect(h.upstreamCalls()).toEqual([]);
  });
});
