/**
 * Sayad cheque actions on the wire (wire facts §4.8): issue, transfer, accept or reject, cancel, each
 * sent once with a trackId chosen and stored before sending. Only the action desk sends one: claimed
 * before it is sent, and, when its answer was unclear, followed through the upstream's record of the
 * call by its trackId (there is no inquiry of cheque actions by trackId). It never expires: an action
 * that may have been applied stays pending until the upstream's record says what happened.
 */
import { nullIfNotFound } from '../../errors.js';
import { callStatusOf } from './callRecords.js';
import { ChequeActionAnswer, ChequeLeafAnswer } from '../records/chequeActions.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import { decode, malformedAnswer } from '../shared/shapes.js';
import type {
  ChequeActionOrder,
  ChequeActionReceiptRecord,
  ChequeLeafRecord,
  SayadPartyRecord,
  SayadSignerRecord,
} from '../types/chequeActions.js';
import type { OperationId } from '../upstream/operations.js';
import type { ActionInput, ActionJobRecord, DeskAction, JobFailure, JobKind, PollOutcome } from './port.js';
import { abandonedAction, refusalFrom, refusalIn, type RefusalTable } from './refusals.js';

const AC_TRANSFER = 'creditAcSayadTransferChequePost';
const SMS_TRANSFER = 'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post';

/** The operation that sends an order, by its action and, for a transfer, the consent's grant. */
export function operationOf(order: ChequeActionOrder): OperationId {
  switch (order.type) {
    case 'ISSUE':
      return 'creditAcSayadIssueChequePost';
    case 'TRANSFER':
    case 'GIVE_BACK':
      return order.grant === 'authorization_code' ? AC_TRANSFER : SMS_TRANSFER;
    case 'ACCEPT':
    case 'REJECT':
      return 'creditSmsSayadAcceptChequePost';
    case 'CANCEL':
      return 'creditSmsSayadCancelChequePost';
  }
}

const person = (party: SayadPartyRecord) => ({
  name: party.name,
  idCode: party.idCode,
  idType: String(party.idType),
  ...(party.shahabId !== null && { shahabId: party.shahabId }),
});
/** The acting person of an answer or a cancellation: no name on the wire. */
const actor = (party: SayadPartyRecord) => ({
  idCode: party.idCode,
  idType: String(party.idType),
  ...(party.shahabId !== null && { shahabId: party.shahabId }),
});
const signers = (list: readonly SayadSignerRecord[]) =>
  list.map(({ signer, legalStamp }) => ({ signer: person(signer), legalStamp: legalStamp ? '1' : '0' }));
const optional = <T>(name: string, value: T | null) => (value === null ? {} : { [name]: value });

/** The body and path of an order, as the upstream documents them. */
function requestOf(order: ChequeActionOrder): { body: Record<string, unknown>; path?: Record<string, string> } {
  switch (order.type) {
    case 'ISSUE':
      return {
        body: {
          accountOwners: order.accountOwners.map(person),
          receivers: order.receivers.map(person),
          signers: signers(order.signers),
          sayadId: order.sayadId,
          seriesNo: order.leaf.seriesNumber,
          serialNo: order.leaf.serialNumber,
          fromIban: order.leaf.iban,
          amount: order.amount,
          description: order.description,
          dueDate: order.dueDate,
          ...optional('toIban', order.toIban),
          // The IBAN carries the bank's three-digit code; the Sayad bodies write it without leading zeros.
          bankCode: String(Number(order.leaf.iban.slice(4, 7))),
          branchCode: order.leaf.branchCode,
          chequeType: String(order.chequeType),
          chequeMedia: String(order.chequeMedia),
          reason: order.reason,
        },
      };
    case 'TRANSFER':
    case 'GIVE_BACK':
      return {
        body: {
          holder: person(order.holder),
          receivers: order.receivers.map(person),
          signers: signers(order.signers),
          sayadId: order.sayadId,
          ...optional('toIban', order.toIban),
          transferDate: order.transferDate,
          description: order.description,
          reason: order.reason,
          giveBack: order.type === 'GIVE_BACK' ? '1' : '0',
          acceptTransfer: '1',
        },
      };
    case 'ACCEPT':
    case 'REJECT':
      return {
        path: { user: order.actor },
        body: {
          sayadId: order.sayadId,
          accept: order.type === 'ACCEPT' ? '1' : '0',
          acceptDescription: order.description,
          acceptor: actor(order.acceptor),
          ...(order.acceptorAgent && { acceptorAgent: actor(order.acceptorAgent) }),
        },
      };
    case 'CANCEL':
      return {
        path: { user: order.actor },
        body: {
          sayadId: order.sayadId,
          cancelDescription: order.description,
          canceller: actor(order.canceller),
          ...(order.cancellerAgent && { cancellerAgent: actor(order.cancellerAgent) }),
        },
      };
  }
}

export const chequeActions = {
  /** Sends the order once with `trackId`; throws the upstream's answer when it is not a success. */
  async send(
    upstream: Pick<UpstreamAccess, 'send'>,
    order: ChequeActionOrder,
    trackId: string,
  ): Promise<ChequeActionReceiptRecord> {
    const operationId = operationOf(order);
    const answer = await upstream.send(operationId, { ...requestOf(order), trackId, subject: order.actor });
    const r = decode(operationId, answer, ChequeActionAnswer);
    return { referenceId: r.referenceId, message: r.message, resultCode: r.resultCode };
  },

  /** The leaf behind a Sayad id (client credential); null when no leaf has it. */
  async leaf(upstream: Pick<UpstreamAccess, 'read'>, sayadId: string): Promise<ChequeLeafRecord | null> {
    const answer = await nullIfNotFound(upstream.read('creditSayadSerialInquiryGet', { query: { sayadId } }));
    if (!answer) return null;
    const r = decode('creditSayadSerialInquiryGet', answer, ChequeLeafAnswer);
    const { iban, seriesNo: seriesNumber, serialNo: serialNumber, branchCode } = r;
    if (!iban || !seriesNumber || !serialNumber || !branchCode)
      throw malformedAnswer('creditSayadSerialInquiryGet', answer, 'cheque leaf');
    return { iban, seriesNumber, serialNumber, branchCode };
  },
};

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

/**
 * A cheque action's job, for an action whose answer settled nothing. The Sayad actions have no inquiry of
 * their own: the upstream's call log says how the call ended. Its request may reach the upstream however
 * late, so only the log's word ends the job (done, or failed); until then it is pending, however long that
 * takes. (An action known never to have left this process is settled by the action desk.)
 */
export const chequeActionJob: JobKind<ChequeActionJobInput, ChequeActionReceiptRecord, typeof CHEQUE_ACTION> = {
  name: CHEQUE_ACTION,
  maxAgeMs: Number.POSITIVE_INFINITY,
  abandoned: abandonedAction('cheque action'),
  submit: () =>
    Promise.reject(new Error('a cheque action is claimed and sent by the action desk, never submitted by the engine')),
  async poll(upstream, trackId): Promise<PollOutcome<ChequeActionReceiptRecord>> {
    try {
      const status = await callStatusOf(upstream, trackId);
      if (status === 'DONE')
        return { status: 'SUCCESS', result: { referenceId: null, message: null, resultCode: null } };
      if (status === 'FAILED')
        return {
          status: 'FAILED',
          failure: { code: 'REJECTED', message: 'The upstream records the action as failed; it was not applied.' },
        };
      // Pending, unknown, or not on record yet: the call may still arrive and take effect.
      return { status: 'PENDING' };
    } catch {
      // A record that could not be read says nothing about the action: ask again later.
      return { status: 'PENDING' };
    }
  },
};
