/** Cheque actions whose answer settled nothing: never resent, resolved through the upstream's call record. */
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOINT_HOLDER, WOMAN } from '../fixtures/sandbox.js';
import { withHandle } from '../consent/support.js';
import { useHarness } from '../helpers/harness.js';
import { collect } from '../helpers/subscriptions.js';
import {
  BOOK,
  DRAWER,
  HOLDER_VIEW,
  RESULT,
  act,
  answerInput,
  cancelInput,
  chequeConsents,
  issueInput,
  type ChequeOutcome,
} from '../cheques/support.js';
import { eventually } from '../helpers/eventually.js';
import { at, dataOf, present } from '../helpers/responses.js';

const h = useHarness({
  env: { UPSTREAM_TIMEOUT_MS: '500', UPSTREAM_OPERATION_BUDGET_MS: '500' },
});
let code = '';
let sms: Record<string, string> = {};
beforeAll(async () => {
  ({ code, sms } = await chequeConsents(h, [DRAWER, WOMAN.nationalId]));
});

const FOLLOW = `query($nid: String!, $key: String!) { chequeAction(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`;

async function follow(nid: string, key: string): Promise<ChequeOutcome | null> {
  const res = await h.gql<{ chequeAction: ChequeOutcome | null }>(
    FOLLOW,
    { nid, key },
    withHandle(present(sms[nid], 'sms[nid]')),
  );
  expect(res.errors).toBeUndefined();
  return dataOf(res).chequeAction;
}

const settled = (nid: string, key: string) =>
  eventually(async () => {
    const outcome = await follow(nid, key);
    return outcome && outcome.__typename !== 'ChequeActionPending' ? outcome : undefined;
  });

async function issued(leaf: number, receivers = [WOMAN.nationalId]): Promise<string> {
  const res = await act(h, 'issueCheque', issueInput(leaf, receivers), code);
  expect(present(dataOf(res)['issueCheque'], 'issueCheque').__typename).toBe('ChequeActionCompleted');
  return at(BOOK.sayadIds, leaf);
}

describe('an unclear answer to a cheque action', () => {
  it.each([
    ['HTTP 408 after the action was applied', { status: 408 }, 10],
    ['a 503 after the action was applied', { status: 503 }, 11],
    ['a cut connection after the action was applied', { reset: true }, 12],
    ['no answer in time after the action was applied', { delayMs: 900 }, 13],
  ])('reports %s as pending, never resends, and finds it completed in the call record', async (_, fault, leaf) => {
    const sayadId = await issued(leaf);
    h.sandbox.injectFault({ operationId: 'creditSmsSayadAcceptChequePost', afterEffect: true, ...fault });
    const input = answerInput(WOMAN.nationalId, sayadId);
    const first = await act(h, 'acceptCheque', input, sms[WOMAN.nationalId]);
    expect(dataOf(first)['acceptCheque']).toMatchObject({
      __typename: 'ChequeActionPending',
      action: { status: 'PENDING' },
    });
    const retry = await act(h, 'acceptCheque', input, sms[WOMAN.nationalId]);
    expect(present(dataOf(retry)['acceptCheque'], 'acceptCheque').action.id).toBe(
      present(dataOf(first)['acceptCheque'], 'acceptCheque').action.id,
    );
    const outcome = await settled(WOMAN.nationalId, input.idempotencyKey);
    // Learned from the call record, which keeps no reference of the action.
    expect(outcome).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: { status: 'SUCCESS', type: 'ACCEPT', receipt: { referenceId: null } },
      cheque: { sayadId },
    });
    expect(
      h
        .upstreamCalls('creditSmsSayadAcceptChequePost')
        .filter((call) => (call.body as { sayadId?: string }).sayadId === sayadId),
    ).toHaveLength(1);
    const seen = await h.gql<{ cheque: { view: { status: string } } }>(
      HOLDER_VIEW,
      { id: sayadId },
      withHandle(present(sms[WOMAN.nationalId], 'sms[WOMAN.nationalId]')),
    );
    expect(dataOf(seen).cheque.view.status).toBe('ISSUED');
  });

  it('follows an action that lands only long after the client gave up on it, pending until then, and finds it completed', async () => {
    const sayadId = await issued(17);
    // Held before its effect, its record pending, for as many looks at the call log as the test wants.
    const release = h.sandbox.holdAnswers('creditSmsSayadAcceptChequePost');
    const input = answerInput(WOMAN.nationalId, sayadId);
    const pending = await act(h, 'acceptCheque', input, sms[WOMAN.nationalId]);
    expect(present(dataOf(pending)['acceptCheque'], 'acceptCheque').__typename).toBe('ChequeActionPending');
    const looked = h.upstreamCalls('devWagesGet').length;
    await eventually(() => h.upstreamCalls('devWagesGet').length >= looked + 10, {
      what: 'ten looks at the call log while the action is held',
      timeoutMs: 15_000,
    });
    expect(await follow(WOMAN.nationalId, input.idempotencyKey)).toMatchObject({ __typename: 'ChequeActionPending' });
    release();
    expect(await settled(WOMAN.nationalId, input.idempotencyKey)).toMatchObject({
      __typename: 'ChequeActionCompleted',
    });
  });

  it('reports an action answered 408 before it took effect as rejected on the call log’s record that it failed, and the cheque is untouched', async () => {
    const sayadId = await issued(14, [JOINT_HOLDER.nationalId]);
    h.sandbox.injectFault({ operationId: 'creditSmsSayadCancelChequePost', status: 408 });
    const input = cancelInput(sayadId);
    const pending = await act(h, 'cancelCheque', input, sms[DRAWER]);
    expect(present(dataOf(pending)['cancelCheque'], 'cancelCheque').__typename).toBe('ChequeActionPending');
    const outcome = await settled(DRAWER, input.idempotencyKey);
    expect(outcome).toMatchObject({
      __typename: 'ChequeActionRejected',
      reason: 'REJECTED',
      action: { status: 'FAILED' },
    });
    expect(
      h
        .upstreamCalls('creditSmsSayadCancelChequePost')
        .filter((call) => (call.body as { sayadId?: string }).sayadId === sayadId),
    ).toHaveLength(1);
    // Not applied: a new key cancels it.
    const again = await act(h, 'cancelCheque', cancelInput(sayadId), sms[DRAWER]);
    expect(present(dataOf(again)['cancelCheque'], 'cancelCheque').__typename).toBe('ChequeActionCompleted');
  });

  it('streams a pending action on jobUpdated until the call record shows it applied', async () => {
    const sayadId = await issued(15);
    h.sandbox.injectFault({ operationId: 'creditSmsSayadAcceptChequePost', status: 500, afterEffect: true });
    const res = await act(h, 'acceptCheque', answerInput(WOMAN.nationalId, sayadId), sms[WOMAN.nationalId]);
    const { id } = present(dataOf(res)['acceptCheque'], 'acceptCheque').action;
    const client = createClient({
      url: h.server.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { consentHandle: sms[WOMAN.nationalId] },
    });
    try {
      const { events, errors } = await collect<{ jobUpdated: { __typename: string; status: string; type: string } }>(
        client,
        'subscription($id: ID!) { jobUpdated(id: $id) { __typename status ... on ChequeActionJob { type } } }',
        { id },
      );
      expect(errors).toEqual([]);
      expect(present(events.at(-1), 'events.at(…)').jobUpdated).toEqual({
        __typename: 'ChequeActionJob',
        status: 'SUCCESS',
        type: 'ACCEPT',
      });
    } finally {
      await client.dispose();
    }
  });

  it('sends concurrent duplicates once, all answering the same action', async () => {
    const sayadId = await issued(16);
    const input = answerInput(WOMAN.nationalId, sayadId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => act(h, 'acceptCheque', input, sms[WOMAN.nationalId])),
    );
    const ids = new Set(answers.map((res) => present(dataOf(res)['acceptCheque'], 'acceptCheque').action.id));
    expect(ids.size).toBe(1);
    expect(
      answers.every(
        (res) => present(dataOf(res)['acceptCheque'], 'acceptCheque').__typename === 'ChequeActionCompleted',
      ),
    ).toBe(true);
    expect(
      h
        .upstreamCalls('creditSmsSayadAcceptChequePost')
        .filter((call) => (call.body as { sayadId?: string }).sayadId === sayadId),
    ).toHaveLength(1);
  });
});

describe('who sees a cheque action as a job', () => {
  const JOB = `query($id: ID!) { job(id: $id) { __typename id status } }`;

  it('shows it to a consent of the person who acted, and to no one else', async () => {
    const sayadId = await issued(18);
    const res = await act(h, 'acceptCheque', answerInput(WOMAN.nationalId, sayadId), sms[WOMAN.nationalId]);
    const { id } = present(dataOf(res)['acceptCheque'], 'acceptCheque').action;
    const mine = await h.gql<{ job: unknown }>(
      JOB,
      { id },
      withHandle(present(sms[WOMAN.nationalId], 'sms[WOMAN.nationalId]')),
    );
    expect(dataOf(mine).job).toEqual({ __typename: 'ChequeActionJob', id, status: 'SUCCESS' });
    expect(
      dataOf(await h.gql<{ job: unknown }>(JOB, { id }, withHandle(present(sms[DRAWER], 'sms[DRAWER]')))).job,
    ).toBeNull();
    expect(dataOf(await h.gql<{ job: unknown }>(JOB, { id })).job).toBeNull();
  });

  it('refuses to stream it to a connection without the actor’s consent, as for an unknown job', async () => {
    const sayadId = await issued(19);
    const res = await act(h, 'acceptCheque', answerInput(WOMAN.nationalId, sayadId), sms[WOMAN.nationalId]);
    const { id } = present(dataOf(res)['acceptCheque'], 'acceptCheque').action;
    const client = createClient({
      url: h.server.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { consentHandle: sms[DRAWER] },
    });
    try {
      const { events, errors, error } = await collect<{ jobUpdated: unknown }>(
        client,
        'subscription($id: ID!) { jobUpdated(id: $id) { id } }',
        { id },
      );
      expect(events).toEqual([]);
      const codes = [...errors, ...((Array.isArray(error) ? error : []) as { extensions?: { code?: string } }[])].map(
        (e) => e.extensions?.code,
      );
      expect(codes).toContain('NOT_FOUND');
    } finally {
      await client.dispose();
    }
  });
});
