/** The Sayad cheque actions' answers (wire facts §4.8) and the call record that follows them (§2.7). */
import { count, list, record, text, word } from '../shared/shapes.js';

/**
 * The answer of a cheque action sent: `creditAcSayadIssueChequePost`, `creditAcSayadTransferChequePost`,
 * `credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post`, `creditSmsSayadAcceptChequePost`,
 * `creditSmsSayadCancelChequePost`.
 */
export const ChequeActionAnswer = record({ referenceId: text, message: text, resultCode: count });

/** `creditSayadSerialInquiryGet`: the leaf behind a Sayad id (all four members are needed; checked by the reader). */
export const ChequeLeafAnswer = record({ iban: text, seriesNo: text, serialNo: text, branchCode: text });

/** `DONE` applied, `FAILED` refused or never run, `PENDING`/`UNKNOWN` no final word yet. */
export type CallStatus = 'DONE' | 'FAILED' | 'PENDING' | 'UNKNOWN';

const CALL_STATUSES: Readonly<Record<string, CallStatus>> = {
  DONE: 'DONE',
  FAILED: 'FAILED',
  PENDING: 'PENDING',
  UNKNOWN: 'UNKNOWN',
};

/** `devWagesGet`: the client's calls by trackId; a status in any case, null when absent or not one of ours. */
export const CallRecordsAnswer = record({
  wages: list(record({ trackId: text, status: word(CALL_STATUSES, (status) => status.toUpperCase()) })),
});
