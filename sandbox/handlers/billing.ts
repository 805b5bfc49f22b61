/** The synchronous bill operations (spec §4.1, wire facts §4.4, and the designed billHistoryInquiry). */
import {
  DETAIL_BILL_TYPES,
  HISTORY_BILL_TYPES,
  INQUIRY_BILL_TYPES,
  type BillInput,
  type BillType,
} from '../billTypes.js';
import { validationError } from '../envelopes.js';
import { checkBillInquiry, isMobileFormat, isValidNationalId } from '../validation.js';
import { billHistory, currentBill, detailedBill } from '../world/bills.js';
import { negativeScore } from '../world/driving.js';
import { done, fail, type OperationHandler, type OperationOutcome, type OperationRequest } from './types.js';

function withValidBill(
  request: OperationRequest,
  allowedTypes: readonly BillType[],
  answer: (input: BillInput) => unknown,
): OperationOutcome {
  const { type, parameter, secondParameter } = request.query;
  const check = checkBillInquiry({ type, parameter, secondParameter }, allowedTypes);
  return check.ok ? done(answer(check.input)) : fail(validationError(check.reason));
}

/** billingInquiry: the one bill operation whose amounts and ids are JSON numbers. */
export const billingInquiry: OperationHandler = (request) =>
  withValidBill(request, INQUIRY_BILL_TYPES, (input) => {
    const bill = currentBill(input);
    return { Amount: bill.amount, BillId: Number(bill.billId), PayId: Number(bill.payId), Date: bill.date };
  });

export const detailBillingInquiry: OperationHandler = (request) =>
  withValidBill(request, DETAIL_BILL_TYPES, (input) => {
    const { bill, info } = detailedBill(input);
    return { Amount: String(bill.amount), BillId: bill.billId, PayId: bill.payId, Date: bill.date, Info: info };
  });

export const billHistoryInquiry: OperationHandler = (request) =>
  withValidBill(request, HISTORY_BILL_TYPES, (input) => {
    const history = billHistory(input);
    return {
      BillId: history.billId,
      Items: history.items.map((item) => ({
        Amount: String(item.amount),
        BillId: item.billId,
        PayId: item.payId,
        Date: item.date,
        PaymentDate: item.paymentDate,
      })),
    };
  });

export const negativeScoreInquiry: OperationHandler = ({ query }) => {
  const { licenseNumber = '', nationalID = '', mobile = '' } = query;
  if (!/^\d{10}$/.test(licenseNumber)) return fail(validationError('invalid licenseNumber'));
  if (!isValidNationalId(nationalID)) return fail(validationError('invalid nationalID'));
  if (!isMobileFormat(mobile)) return fail(validationError('invalid mobile'));
  return done(negativeScore(licenseNumber));
};
