import type { z } from 'zod';
import { nullIfNotFound } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';
import {
  ChequeAnswer,
  ChequebooksAnswer,
  ChequeChainAnswer,
  ChequeDrawerAnswer,
  ChequeLeafBySerialAnswer,
  ChequeLeafDetailsAnswer,
  ChequeStatusAnswer,
  type ChequeParty,
} from './records/cheques.js';
import { decode } from './shared/shapes.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { SayadPartyRecord } from './types/chequeActions.js';
import type {
  ChequeChainRecord,
  ChequeDrawerReportRecord,
  ChequeLeafRecord,
  ChequePartyRecord,
  ChequeRecord,
  ChequeStatusReportRecord,
  ChequeViewer,
  ChequebookRecord,
} from './types/cheques.js';

/**
 * Sayad cheque inquiries (wire facts §4.8): the holder's inquiry, the status inquiry and the transfer
 * chain under the SMS consent of a person involved in the cheque, and the drawer's (issuer) inquiry and
 * chequebooks under client credentials. A cheque hidden from the person (404) reads as null.
 */
export class ChequesAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** A company's view is asked as the legal person (`idType` 2, its legal id) under its representative's token. */
  async getCheque(sayadId: string, viewer: ChequeViewer): Promise<ChequeRecord | null> {
    const query = { sayadId, ...askedAs(viewer), ...(viewer.shahabId && { shahabId: viewer.shahabId }) };
    const answer = await nullIfNotFound(
      this.upstream.read('creditSmsSayadChequeInquiryGet', { path: { user: viewer.nationalId }, query }),
    );
    if (!answer) return null;
    const r = decode('creditSmsSayadChequeInquiryGet', answer, ChequeAnswer);
    return {
      sayadId: r.sayadId ?? sayadId,
      status: r.chequeStatus,
      amount: r.amount,
      dueDate: r.dueDate,
      description: r.description,
      serialNumber: r.serialNo,
      seriesNumber: r.seriesNo,
      fromIban: r.fromIban,
      toIban: r.toIban,
      reason: r.reason,
      type: r.chequeType,
      media: r.chequeMedia,
      locked: r.locked,
      holders: r.holders.map(partyOf),
      signers: r.signers.map((s) => ({ name: s.name, legalStamp: s.legalStamp })),
      issuedAt: r.issueDate,
      referenceId: r.referenceId,
      bankCode: bankCodeOf(r.bankCode),
      branchCode: r.branchCode,
      currency: r.currency,
      blockStatus: r.blockStatus,
      guaranteeStatus: r.guaranteeStatus,
      lockerBankCode: bankCodeOf(r.lockerBankCode),
      lockerBranchCode: r.lockerBranchCode,
    };
  }

  /**
   * The status inquiry, as the person (`idType` 1, their national id) or as the company they act for
   * (`idType` 2, its legal id); `nationalCode` is always the token's person.
   */
  async getStatusReport(sayadId: string, viewer: ChequeViewer): Promise<ChequeStatusReportRecord | null> {
    const operationId = 'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post';
    const answer = await nullIfNotFound(
      this.upstream.read(operationId, {
        body: { sayadId, nationalCode: viewer.nationalId, ...askedAs(viewer) },
        subject: viewer.nationalId,
      }),
    );
    if (!answer) return null;
    const r = decode(operationId, answer, ChequeStatusAnswer);
    return { status: r.chequeStatus, awaitingAcceptance: r.onGoing, drawers: r.customers.map(partyOf) };
  }

  /** `chequeType` is the cheque's kind code (1 normal, 2 bank, 3 coded, 4 ad-hoc); asked as in `getStatusReport`. */
  async getChain(sayadId: string, viewer: ChequeViewer, chequeType: number): Promise<ChequeChainRecord[] | null> {
    const operationId = 'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post';
    const answer = await nullIfNotFound(
      this.upstream.read(operationId, {
        body: { sayadId, chequeType: String(chequeType), nationalCode: viewer.nationalId, ...askedAs(viewer) },
        subject: viewer.nationalId,
      }),
    );
    if (!answer) return null;
    return decode(operationId, answer, ChequeChainAnswer).chain.map((r) => ({
      ...partyOf(r),
      role: r.role,
      step: r.step,
      at: r.date,
    }));
  }

  /** The client vouches that it authenticated the drawer with two factors (`customerAuthStatus` 2), which is what stands in for a consent. */
  async getDrawerReport(
    sayadId: string,
    drawer: Pick<SayadPartyRecord, 'idCode' | 'shahabId'>,
    callerBranchCode: string | null = null,
  ): Promise<ChequeDrawerReportRecord | null> {
    const operationId = 'creditCcSayadIssuerInquiryChequePost';
    const answer = await nullIfNotFound(
      this.upstream.read(operationId, {
        path: { user: drawer.idCode },
        body: {
          sayadId,
          ...(callerBranchCode !== null && { callerBranchCode }),
          customerAuthStatus: '2',
          idCode: drawer.idCode,
          shahabId: drawer.shahabId,
          idType: '1',
        },
      }),
    );
    if (!answer) return null;
    const decoded = decode(operationId, answer, ChequeDrawerAnswer);
    const r = decoded.inquiryResult;
    return {
      bankCode: bankCodeOf(r.bankCode),
      branchCode: r.branchCode,
      description: r.description,
      serialNumber: r.serialNo,
      seriesNumber: r.seriesNo,
      reason: r.reason,
      currency: r.currency,
      blockStatus: r.blockStatus,
      guaranteeStatus: r.guaranteeStatus,
      locked: r.locked,
      referenceId: decoded.referenceId,
      status: r.chequeStatus,
      amount: r.amount,
      dueDate: r.dueDate,
      fromIban: r.fromIban,
      type: r.chequeType,
      media: r.chequeMedia,
      receivers: r.receivers.map(partyOf),
      issuedAt: r.issueDate,
    };
  }

  /** The leaf behind a Sayad id (client credential); null when no leaf has it. */
  async getLeaf(sayadId: string): Promise<ChequeLeafRecord | null> {
    const operationId = 'creditSayadSerialInquiryGet';
    const answer = await nullIfNotFound(this.upstream.read(operationId, { query: { sayadId } }));
    if (!answer) return null;
    const r = decode(operationId, answer, ChequeLeafDetailsAnswer);
    return leafOf(sayadId, r, r.name);
  }

  /** The leaf of a serial number in a series, with its Sayad id (client credential); null when no leaf has them. */
  async getLeafBySerial(serialNo: string, seriesNo: string): Promise<ChequeLeafRecord | null> {
    const operationId = 'creditSayadIdBySerialGet';
    const answer = await nullIfNotFound(this.upstream.read(operationId, { query: { serialNo, seriesNo } }));
    if (!answer) return null;
    const r = decode(operationId, answer, ChequeLeafBySerialAnswer);
    return leafOf(r.sayadId, r, null);
  }

  async listChequebooks(accountNumber: string): Promise<ChequebookRecord[]> {
    const answer = await this.upstream.read('creditChequebookInquiryGet', { query: { deposit: accountNumber } });
    return decode('creditChequebookInquiryGet', answer, ChequebooksAnswer).chequeDetails.map((r) => ({
      accountNumber: r.accountNo,
      iban: r.iban?.toUpperCase() ?? null,
      branchCode: r.branchCode,
      branchName: r.branchName,
      branchCodeAndName: r.branchCodeAndName,
      deliveryBranchCode: r.deliveryBranchCode,
      customerName: r.customerName,
      customerNumber: r.customerNo,
      customerType: r.customerType,
      customerId: r.nationalCode,
      state: r.stateDescription,
      large: r.isABunch,
      issuanceDate: r.issuanceDate,
      firstSerial: r.serialNoFrom,
      lastSerial: r.serialNoTo,
      sheets: r.sheetCount,
      media: r.mediaType,
      issuedOn: r.approvedDate,
      expiresOn: r.expireDate,
      ...leavesOf(r.serialNumbers),
    }));
  }
}

/** A book's leaves from `serialNumbers`: the Sayad ids of 16 digits, and apart, those that are not. */
function leavesOf(serialNumbers: string | null): Pick<ChequebookRecord, 'sayadIds' | 'malformedSayadIds'> {
  const written = (serialNumbers ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const wellFormed = (id: string) => /^\d{16}$/.test(normalizeDigits(id));
  return {
    sayadIds: written.filter(wellFormed).map(normalizeDigits),
    malformedSayadIds: written.filter((id) => !wellFormed(id)),
  };
}

/** Whom a Sayad inquiry asks as: the company (`idType` 2, its legal id) or the person (`idType` 1, their national id). */
function askedAs(viewer: ChequeViewer): { idType: string; idCode: string } {
  return viewer.legalId ? { idType: '2', idCode: viewer.legalId } : { idType: '1', idCode: viewer.nationalId };
}

/** Sayad answers write bank codes without leading zeros (`15`); the schema's are 3 digits. */
function bankCodeOf(code: string | null): string | null {
  return code !== null && /^\d{1,3}$/.test(code) ? code.padStart(3, '0') : null;
}

function partyOf(r: z.output<typeof ChequeParty>): ChequePartyRecord {
  return { idCode: r.idCode, idType: r.idType, name: r.name };
}

/** The fields both leaf inquiries answer (by Sayad id, by serial), as one leaf. */
function leafOf(
  sayadId: string | null,
  r: Omit<z.output<typeof ChequeLeafBySerialAnswer>, 'sayadId'>,
  holderName: string | null,
): ChequeLeafRecord {
  return {
    sayadId,
    iban: r.iban?.toUpperCase() ?? null,
    serialNumber: r.serialNo,
    seriesNumber: r.seriesNo,
    issuedOn: r.issuedDate,
    // The upstream writes a missing expiry as the text "null".
    expiresOn: r.expirationDate === 'null' ? null : r.expirationDate,
    media: r.mediaType,
    branchCode: r.branchCode,
    holderName,
  };
}
