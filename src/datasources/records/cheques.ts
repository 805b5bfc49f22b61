/** The Sayad cheque inquiries' answers (wire facts §4.8), as the upstream writes them. */
import { count, flag, list, record, rial, text } from '../shared/shapes.js';

/** A person on a cheque: a holder, a drawer, a receiver or a link of the transfer chain. */
export const ChequeParty = record({ idCode: text, idType: count, name: text });

/** `creditSmsSayadChequeInquiryGet`. */
export const ChequeAnswer = record({
  sayadId: text,
  chequeStatus: count,
  amount: rial,
  dueDate: text,
  description: text,
  serialNo: text,
  seriesNo: text,
  fromIban: text,
  toIban: text,
  reason: text,
  chequeType: count,
  chequeMedia: count,
  locked: flag,
  holders: list(ChequeParty),
  signers: list(record({ name: text, legalStamp: flag })),
  issueDate: text,
  referenceId: text,
  bankCode: text,
  branchCode: text,
  currency: count,
  blockStatus: count,
  guaranteeStatus: count,
  lockerBankCode: text,
  lockerBranchCode: text,
});

/** `credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post`. */
export const ChequeStatusAnswer = record({ onGoing: flag, chequeStatus: count, customers: list(ChequeParty) });

/** `credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post`. */
export const ChequeChainAnswer = record({
  chain: list(ChequeParty.extend({ role: text, step: count, date: text })),
});

/** `creditCcSayadIssuerInquiryChequePost`: the cheque is the `inquiryResult` block, which must be there. */
export const ChequeDrawerAnswer = record({
  inquiryResult: record({
    chequeStatus: count,
    amount: rial,
    dueDate: text,
    fromIban: text,
    chequeType: count,
    chequeMedia: count,
    receivers: list(ChequeParty),
    issueDate: text,
    branchCode: text,
    bankCode: text,
    description: text,
    serialNo: text,
    seriesNo: text,
    reason: text,
    currency: count,
    blockStatus: count,
    guaranteeStatus: count,
    locked: flag,
  }),
  referenceId: text,
});

/** `creditChequebookInquiryGet`. `serialNumbers` is one text, the leaves' Sayad ids split by commas. */
export const ChequebooksAnswer = record({
  chequeDetails: list(
    record({
      accountNo: text,
      branchCode: text,
      branchName: text,
      branchCodeAndName: text,
      deliveryBranchCode: text,
      customerName: text,
      customerNo: text,
      customerType: text,
      nationalCode: text,
      iban: text,
      stateDescription: text,
      isABunch: flag,
      issuanceDate: text,
      serialNoFrom: text,
      serialNoTo: text,
      sheetCount: count,
      mediaType: text,
      approvedDate: text,
      expireDate: text,
      serialNumbers: text,
    }),
  ),
});

/** `creditSayadIdBySerialGet`: the leaf of a serial and series, with its Sayad id. */
export const ChequeLeafBySerialAnswer = record({
  iban: text,
  issuedDate: text,
  expirationDate: text,
  serialNo: text,
  seriesNo: text,
  sayadId: text,
  mediaType: text,
  branchCode: text,
});

/** `creditSayadSerialInquiryGet`: a chequebook leaf; `expirationDate` may be the text `null`. */
export const ChequeLeafDetailsAnswer = record({
  iban: text,
  issuedDate: text,
  expirationDate: text,
  serialNo: text,
  seriesNo: text,
  mediaType: text,
  branchCode: text,
  name: text,
});
