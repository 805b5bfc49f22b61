/**
 * Sayad cheque actions on the wire (wire facts §4.8): issue, transfer or give back, accept or reject,
 * cancel, each with a trackId chosen and stored before sending, and the leaf inquiry an issue needs.
 * Only the action desk sends these: no resolver can send an action twice.
 */
import { nullIfNotFound } from '../errors.js';
import { RecordReader } from './read.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type {
  ChequeActionOrder,
  ChequeActionReceiptRecord,
  ChequeLeafRecord,
  SayadPartyRecord,
  SayadSignerRecord,
} from './types/chequeActions.js';
import type { OperationId } from './upstream/operations.js';

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
        },
      };
    case 'CANCEL':
      return {
        path: { user: order.actor },
        body: { sayadId: order.sayadId, cancelDescription: order.description, canceller: actor(order.canceller) },
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
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return {
      referenceId: read.text(r.referenceId),
      message: read.text(r.message),
      resultCode: read.count(r.resultCode, 'result code'),
    };
  },

  /** The leaf behind a Sayad id (client credential); null when no leaf has it. */
  async leaf(upstream: Pick<UpstreamAccess, 'read'>, sayadId: string): Promise<ChequeLeafRecord | null> {
    const answer = await nullIfNotFound(upstream.read('creditSayadSerialInquiryGet', { query: { sayadId } }));
    if (!answer) return null;
    const read = new RecordReader('creditSayadSerialInquiryGet', answer);
    const r = read.object(answer.result);
    const iban = read.text(r.iban);
    const seriesNumber = read.text(r.seriesNo);
    const serialNumber = read.text(r.serialNo);
    const branchCode = read.text(r.branchCode);
    if (!iban || !seriesNumber || !serialNumber || !branchCode) return read.fail('cheque leaf');
    return { iban, seriesNumber, serialNumber, branchCode };
  },
};
