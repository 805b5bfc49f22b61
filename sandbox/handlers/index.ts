import type { OperationHandlers } from './types.js';
import { AsyncBillInquiries } from './asyncBilling.js';
import { CreditAssessments } from './assessments.js';
import { billHistoryInquiry, billingInquiry, detailBillingInquiry, negativeScoreInquiry } from './billing.js';
import { cardInformation, cardToDeposit, cardToIban } from './cards.js';
import { CREDIT_HANDLERS } from './credit.js';
import { banksInfo, depositInfo, depositToIban, getAccountInfo, ibanInquiry } from './deposits.js';
import { type Finnotext } from './finnotext.js';
import { GazetteSignatureVerifications } from './gazetteSignatures.js';
import { KYB_HANDLERS } from './kyb.js';
import { deathStatusInquiry, identificationInquiry, nidInquiry, nidVerification, shahabInquiry } from './identity.js';
import {
  compareLiveImageWithNationalCard,
  compareLiveVideoWithNationalCard,
  compareTwoImages,
  compareVideoWithNationalCardImage,
  nationalCardImage,
  ocr,
} from './media.js';
import {
  cardOwnerVerification,
  depositOwnerVerification,
  ibanOwnerBirthdateVerification,
  ibanOwnerVerification,
  mobileCardVerification,
  shahkarVerify,
} from './ownership.js';
import { parcelTracking, postalCodeCoordinates, postalCodeInquiry } from './postal.js';
import { blacklistInquiry, militaryInquiry, passportInquiry, sanaInquiry } from './registries.js';
import { receiveSms } from './receiveSms.js';
import { ShahkarSmsChecks } from './shahkarSms.js';
import { taxInquiry } from './tax.js';
import { TransactionCreditInquiries } from './transactionCredit.js';
import { TRAFFIC_HANDLERS } from './traffic.js';
import { Transfers } from './transfers.js';
import { Statements } from './statements.js';
import { Balances } from './balances.js';
import { SayadHandlers } from './sayad.js';
import { sayadIdBySerial, sayadSerialInquiry } from './sayadLeaves.js';
import type { SayadRegistry } from '../sayad.js';
import type { Ledger } from '../ledger.js';
import type { SmsInboxes } from '../smsInbox.js';
import type { TrackIdRegistry } from '../trackIds.js';
import { Wages } from './wages.js';
import { VEHICLE_HANDLERS } from './vehicles.js';

/** The person, card, account and postal operations: pure functions of the fictional world. */
const WORLD_HANDLERS = {
  mpgCardInformationGet: cardInformation,
  facilityCardToIbanGet: cardToIban,
  facilityCardToDepositGet: cardToDeposit,
  facilityDepositToIbanGet: depositToIban,
  oakIbanInquiryGet: ibanInquiry,
  facilityDepositInfoGet: depositInfo,
  facilityGetAccountInfoGet: getAccountInfo,
  facilityBanksInfoGet: banksInfo,
  facilityCcNidInquiryGet: nidInquiry,
  facilitySmsNidInquiryGet: nidInquiry,
  kycIdentificationInquiryGet: identificationInquiry,
  facilityCcNidVerificationGet: nidVerification,
  kycSmsNidVerificationGet: nidVerification,
  kycIbanOwnerVerificationGet: ibanOwnerVerification,
  kycIbanOwnerBirthdateVerificationGet: ibanOwnerBirthdateVerification,
  facilityDepositOwnerVerificationGet: depositOwnerVerification,
  kycMilitaryInquiryGet: militaryInquiry,
  kycDeathStatusInquiryGet: deathStatusInquiry,
  facilityShahkarVerifyGet: shahkarVerify,
  kycMobileCardVerificationPost: mobileCardVerification,
  kycCardOwnerVerificationPost: cardOwnerVerification,
  oakShahabInquiryGet: shahabInquiry,
  oakSmsShahabInquiryGet: shahabInquiry,
  oakBlacklistInquiryGet: blacklistInquiry,
  kycPassportInquiryPost: passportInquiry,
  kycCcSanaInquiryGet: sanaInquiry,
  ecityPostalCodeGet: postalCodeInquiry,
  ecityPostalCodeCoordinatesGet: postalCodeCoordinates,
  ecityParcelTrackingGet: parcelTracking,
  kycCompareLiveVideoWithNationalCardPost: compareLiveVideoWithNationalCard,
  kycOcrPost: ocr,
  facilityNationalCardImageGet: nationalCardImage,
  kycCompareVideoWithNationalCardImagePost: compareVideoWithNationalCardImage,
  kycCompareLiveImageWithNationalCardPost: compareLiveImageWithNationalCard,
  kycCompareTwoImagesPost: compareTwoImages,
} as const satisfies OperationHandlers;

/** Every operation the sandbox answers; the rest of the catalog answers 501. */
export function createHandlers(
  asyncDelayMs: () => number,
  otpLifetimeMs: () => number,
  ledger: Ledger,
  clientNid: () => string,
  trackIds: TrackIdRegistry,
  sayadRegistry: SayadRegistry,
  smsInboxes: SmsInboxes,
  finnotext: Finnotext,
): OperationHandlers {
  const transfers = new Transfers(ledger, trackIds);
  const statements = new Statements(ledger, clientNid);
  const balances = new Balances(ledger);
  const sayad = new SayadHandlers(sayadRegistry);
  const asyncInquiries = new AsyncBillInquiries(asyncDelayMs);
  const assessments = new CreditAssessments(asyncDelayMs);
  const gazetteSignatures = new GazetteSignatureVerifications(asyncDelayMs);
  const shahkarSms = new ShahkarSmsChecks(otpLifetimeMs);
  const transactionCredit = new TransactionCreditInquiries(otpLifetimeMs);
  const wages = new Wages(trackIds, clientNid);
  return {
    billingInquiryCcGet: billingInquiry,
    billingDetailInquiryCcGet: detailBillingInquiry,
    billingBillHistoryInquiryGet: billHistoryInquiry,
    billingNegativeScoreGet: negativeScoreInquiry,
    billingInquiryRequestSubmit: asyncInquiries.submit,
    billingInquiryStatusPoll: asyncInquiries.status,
    credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post: assessments.submit('json'),
    credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post: assessments.submit('pdf'),
    creditCcAssessmentSubmitJsonPost: assessments.submit('json'),
    credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get: assessments.inquiry,
    creditCcAssessmentInquiryGet: assessments.inquiry,
    kybGazetteSignatureVerificationSubmitPost: gazetteSignatures.submit,
    kybGazetteSignatureVerificationResultGet: gazetteSignatures.result,
    kycSmsTaxInquiryGet: taxInquiry,
    facilityShahkarSmsSendGet: shahkarSms.send,
    facilityShahkarSmsVerifyGet: shahkarSms.verify,
    kycTransactionCreditInquiryRequestGet: transactionCredit.request,
    kycTransactionCreditInquiryVerifyPost: transactionCredit.verify,
    kycTransactionCreditInquiryReportGet: transactionCredit.report,
    oakTransferToDepositPost: transfers.transferTo,
    oakTransferInquiryGet: transfers.transferInquiry,
    oakCcStatementGet: statements.statement,
    oakBalanceGet: balances.balance,
    creditAcSayadIssueChequePost: sayad.issue,
    creditAcSayadTransferChequePost: sayad.transfer,
    credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post: sayad.transfer,
    creditSmsSayadAcceptChequePost: sayad.accept,
    creditSmsSayadCancelChequePost: sayad.cancel,
    creditSmsSayadChequeInquiryGet: sayad.holderInquiry,
    credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post: sayad.statusInquiry,
    credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post: sayad.chain,
    creditChequebookInquiryGet: sayad.chequebooks,
    creditCcSayadIssuerInquiryChequePost: sayad.issuerInquiry,
    creditSayadSerialInquiryGet: sayadSerialInquiry,
    creditSayadIdBySerialGet: sayadIdBySerial,
    devWagesGet: wages.list,
    facilityReceiveSmsGet: receiveSms(smsInboxes),
    facilityFinnotextPost: finnotext.send,
    facilityFinnotextInquiryGet: finnotext.inquiry,
    facilityFinnotextOtpPost: finnotext.otp,
    ...WORLD_HANDLERS,
    ...KYB_HANDLERS,
    ...VEHICLE_HANDLERS,
    ...TRAFFIC_HANDLERS,
    ...CREDIT_HANDLERS,
  };
}
