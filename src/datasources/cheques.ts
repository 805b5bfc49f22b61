import { nullIfNotFound } from '../errors.js';
import { RecordReader, type JsonObject } from './shared/read.js';
import { flag } from './shared/readers.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { SayadPartyRecord } from './types/chequeActions.js';
import type {
  ChequeChainRecord,
  ChequeDrawerReportRecord,
  ChequePartyRecord,
  ChequeRecord,
  ChequeStatusReportRecord,
  ChequebookRecord,
} from './types/cheques.js';

/**
 * Sayad cheque inquiries (wire facts §4.8): the holder's inquiry, the status inquiry and the transfer
 * chain under the SMS consent of a person involved in the cheque, and the drawer's (issuer) inquiry and
 * chequebooks under client credentials. A cheque hidden from the person (404) reads as null.
 */
export class ChequesAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getCheque(sayadId: string, viewer: string): Promise<ChequeRecord | null> {
    const answer = await nullIfNotFound(
      this.upstream.read('creditSmsSayadChequeInquiryGet', {
        path: { user: viewer },
        query: { sayadId, idType: '1', idCode: viewer },
      }),
    );
    if (!answer) return null;
    const read = new RecordReader('creditSmsSayadChequeInquiryGet', answer);
    const r = read.object(answer.result);
    return {
      sayadId: read.text(r.sayadId) ?? sayadId,
      status: read.count(r.chequeStatus, 'cheque status'),
      amount: read.rial(r.amount, 'cheque amount'),
      dueDate: read.text(r.dueDate),
      description: read.text(r.description),
      serialNumber: read.text(r.serialNo),
      seriesNumber: read.text(r.seriesNo),
      fromIban: read.text(r.fromIban),
      toIban: read.text(r.toIban),
      reason: read.text(r.reason),
      type: read.count(r.chequeType, 'cheque type'),
      media: read.count(r.chequeMedia, 'cheque media'),
      locked: flag(read, r.locked),
      holders: read.list(r.holders, 'holders').map((item) => partyOf(read, read.object(item, 'holder'))),
      signers: read.list(r.signers, 'signers').map((item) => {
        const s = read.object(item, 'signer');
        return { name: read.text(s.name), legalStamp: flag(read, s.legalStamp) };
      }),
      issuedAt: read.text(r.issueDate),
    };
  }

  async getStatusReport(sayadId: string, viewer: string): Promise<ChequeStatusReportRecord | null> {
    const operationId = 'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post';
    const answer = await nullIfNotFound(
      this.upstream.read(operationId, { body: { sayadId, nationalCode: viewer }, subject: viewer }),
    );
    if (!answer) return null;
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return {
      awaitingAcceptance: flag(read, r.onGoing),
      drawers: read.list(r.customers, 'customers').map((item) => partyOf(read, read.object(item, 'customer'))),
    };
  }

  async getChain(sayadId: string, viewer: string): Promise<ChequeChainRecord[] | null> {
    const operationId = 'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post';
    const answer = await nullIfNotFound(
      this.upstream.read(operationId, { body: { sayadId, chequeType: '1', nationalCode: viewer }, subject: viewer }),
    );
    if (!answer) return null;
    const read = new RecordReader(operationId, answer);
    return read.list(read.object(answer.result).chain, 'chain').map((item) => {
      const r = read.object(item, 'chain entry');
      return { ...partyOf(read, r), role: read.text(r.role), step: read.count(r.step, 'step'), at: read.text(r.date) };
    });
  }

  /** The client vouches that it authenticated the drawer with two factors (`customerAuthStatus` 2), which is what stands in for a consent. */
  async getDrawerReport(
    sayadId: string,
    drawer: Pick<SayadPartyRecord, 'idCode' | 'shahabId'>,
  ): Promise<ChequeDrawerReportRecord | null> {
    const operationId = 'creditCcSayadIssuerInquiryChequePost';
    const answer = await nullIfNotFound(
      this.upstream.read(operationId, {
        path: { user: drawer.idCode },
        body: { sayadId, customerAuthStatus: '2', idCode: drawer.idCode, shahabId: drawer.shahabId, idType: '1' },
      }),
    );
    if (!answer) return null;
    const read = new RecordReader(operationId, answer);
    const r = read.object(read.object(answer.result).inquiryResult, 'inquiry result');
    return {
      status: read.count(r.chequeStatus, 'cheque status'),
      amount: read.rial(r.amount, 'cheque amount'),
      dueDate: read.text(r.dueDate),
      fromIban: read.text(r.fromIban),
      type: read.count(r.chequeType, 'cheque type'),
      media: read.count(r.chequeMedia, 'cheque media'),
      receivers: read.list(r.receivers, 'receivers').map((item) => partyOf(read, read.object(item, 'receiver'))),
      issuedAt: read.text(r.issueDate),
    };
  }

  async listChequebooks(accountNumber: string): Promise<ChequebookRecord[]> {
    const answer = await this.upstream.read('creditChequebookInquiryGet', { query: { deposit: accountNumber } });
    const read = new RecordReader('creditChequebookInquiryGet', answer);
    return read.list(read.object(answer.result).chequeDetails, 'chequebooks').map((item) => {
      const r = read.object(item, 'chequebook');
      return {
        firstSerial: read.text(r.serialNoFrom),
        lastSerial: read.text(r.serialNoTo),
        sheets: read.count(r.sheetCount, 'sheet count'),
        media: read.text(r.mediaType),
        issuedOn: read.text(r.approvedDate),
        expiresOn: read.text(r.expireDate),
        sayadIds: (read.text(r.serialNumbers) ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => /^\d{16}$/.test(id)),
      };
    });
  }
}

function partyOf(read: RecordReader, r: JsonObject): ChequePartyRecord {
  return { idCode: read.text(r['idCode']), idType: read.count(r['idType'], 'id type'), name: read.text(r['name']) };
}
