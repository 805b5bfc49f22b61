/**
 * A Sayad cheque action as a job: claimed by the action desk before it is sent, and, when its answer
 * was unclear, followed through the upstream's record of the call by its trackId (there is no inquiry
 * of cheque actions by trackId). It never expires: an action that may have been applied stays pending
 * until the upstream's record says what happened.
 */
import { callStatusOf, type CallStatus } from '../../datasources/callRecords.js';
import { chequeActions } from '../../datasources/chequeActions.js';
import type { ChequeActionOrder, ChequeActionReceiptRecord } from '../../datasources/types/chequeActions.js';
import { attemptTrackIds } from '../../datasources/upstream/client.js';
import {
  refusalFrom,
  refusalIn,
  type ActionInput,
  type ActionJobRecord,
  type DeskAction,
  type RefusalTable,
} from '../actionDesk.js';
import type { JobFailure, JobKind, PollOutcome } from '../types.js';

export const CHEQUE_ACTION = 'chequeAction';

export type ChequeActionJobInput = ActionInput<ChequeActionOrder>;
export type ChequeActionJobRecord = ActionJobRecord<typeof CHEQUE_ACTION, ChequeActionOrder, ChequeActionReceiptRecord>;

/**
 * Why the Sayad system refused an action, by its messages. They are not documented; these are the
 * sandbox's designed ones (see the catalog notes of the Sayad operations).
 */
const REFUSALS: RefusalTable = [
  [/already issued/i, 'ALREADY_ISSUED', 'The leaf was issued already.'],
  [/not found|invalid sayadId/i, 'UNKNOWN_CHEQUE', 'The Sayad id is no cheque or leaf the Sayad system knows.'],
  [
    /current state|not awaiting acceptance|no longer be cancelled/i,
    'WRONG_STATE',
    'The cheque is not in a state that allows this action.',
  ],
  [
    /not the holder|not a receiver|not the drawer/i,
    'NOT_A_PARTY',
    'The person is not the party this action needs (the drawer, the holder or a receiver awaited).',
  ],
  [
    /invalid accountOwners/i,
    'NOT_A_PARTY',
    "The drawers are not the owners of the leaf's account, or a Shahab code is not the person's.",
  ],
  [
    /invalid (receivers|signers|holder|acceptor|canceller)/i,
    'INVALID_PARTY',
    "A party was refused: malformed, or its Shahab code is not the person's.",
  ],
];

/** The failure of a refused action; other 400s keep the upstream's message, which names the field. */
function refused(message: string | undefined, code: string | undefined): JobFailure {
  const text = message ?? '';
  const known = refusalIn(REFUSALS, text);
  if (known) return known;
  if (/^invalid /i.test(text))
    return { code: 'INVALID_INPUT', message: `The Sayad system refused the action: ${text}.` };
  return { code: 'REJECTED', message: `The Sayad system refused the action (${code ?? 'HTTP 400'}).` };
}

/** A cheque action as the action desk sends it. */
export const chequeAction: DeskAction<typeof CHEQUE_ACTION, ChequeActionOrder, ChequeActionReceiptRecord> = {
  kind: CHEQUE_ACTION,
  noun: 'cheque action',
  send: (upstream, order, trackId) => chequeActions.send(upstream, order, trackId),
  refusalOf: (error) =>
    refusalFrom(error, 'cheque action', (e) => refused(e.details.upstreamMessage, e.details.upstreamCode)),
};

/** The failure code of an action the upstream's record shows never arrived. */
export const NOT_APPLIED = 'NOT_APPLIED';

export function chequeActionJob(options: {
  settleMs: number;
  now?: () => number;
}): JobKind<ChequeActionJobInput, ChequeActionReceiptRecord> {
  const now = options.now ?? Date.now;
  return {
    name: CHEQUE_ACTION,
    maxAgeMs: Number.POSITIVE_INFINITY,
    submit: () =>
      Promise.reject(
        new Error('a cheque action is claimed and sent by the action desk, never submitted by the engine'),
      ),
    async poll(upstream, trackId, input): Promise<PollOutcome<ChequeActionReceiptRecord>> {
      try {
        // The first attempt, or the resend after a rejected token: at most one of them was applied.
        const statuses: (CallStatus | null)[] = [];
        for (const sent of attemptTrackIds(trackId)) {
          const status = await callStatusOf(upstream, sent);
          if (status === 'DONE')
            return { status: 'SUCCESS', result: { referenceId: null, message: null, resultCode: null } };
          statuses.push(status);
        }
        if (statuses.includes('PENDING') || statuses.includes('UNKNOWN')) return { status: 'PENDING' };
        // An attempt not on record yet may still arrive until the settling time has passed.
        if (statuses.includes(null) && now() - input.claimedAt < options.settleMs) return { status: 'PENDING' };
        if (statuses.includes('FAILED'))
          return {
            status: 'FAILED',
            failure: { code: 'REJECTED', message: 'The upstream records the action as failed; it was not applied.' },
          };
        return {
          status: 'FAILED',
          failure: { code: NOT_APPLIED, message: 'The action never reached the upstream; it was not applied.' },
        };
      } catch {
        // A record that could not be read says nothing about the action: ask again later.
        return { status: 'PENDING' };
      }
    },
  };
}
