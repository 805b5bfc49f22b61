/**
 * The asynchronous bill inquiry (spec §2.4, §3): submit answers PENDING at once; the inquiry settles
 * after the configured delay. Values the upstream only discovers while processing (a malformed
 * parameter, an unknown area code or operator) do not reject the submission: they settle as FAILED.
 */
import { randomUUID } from 'node:crypto';
import { INQUIRY_BILL_TYPES, type BillInput } from '../billTypes.js';
import { validationError } from '../envelopes.js';
import { jsonObject, stringField } from '../requestBody.js';
import { checkBillInquiry, checkBillShape } from '../validation.js';
import { currentBill } from '../world/bills.js';
import { done, fail, type OperationHandler } from './types.js';

const RESPONSE_CODE_OK = 'FN-BGFH-20000300000';
const RESPONSE_CODE_INVALID = 'FN-BGFH-40000300000';

const invalid = (message: string) => fail(validationError(message, RESPONSE_CODE_INVALID));

type Settled =
  | { readonly status: 'SUCCESS'; readonly data: { amount: string; billId: string; payId: string; date: string } }
  | { readonly status: 'FAILED'; readonly error: { code: string; message: string } };

interface Inquiry {
  readonly readyAt: number;
  readonly outcome: Settled;
}

export class AsyncBillInquiries {
  private readonly inquiries = new Map<string, Inquiry>();

  constructor(private readonly delayMs: () => number) {}

  readonly submit: OperationHandler = ({ body, now }) => {
    const fields = jsonObject(body);
    if (!fields) return invalid('invalid body');
    const type = stringField(fields, 'type');
    const parameter = stringField(fields, 'parameter');
    const secondParameter = stringField(fields, 'secondParameter');
    if (!type.ok || !parameter.ok || !secondParameter.ok) return invalid('invalid body');
    const raw = { type: type.value, parameter: parameter.value, secondParameter: secondParameter.value };
    const shape = checkBillShape(raw, INQUIRY_BILL_TYPES);
    if (!shape.ok) return invalid(shape.reason);

    const check = checkBillInquiry(raw, INQUIRY_BILL_TYPES);
    const outcome: Settled = check.ok
      ? { status: 'SUCCESS', data: dataOf(check.input) }
      : { status: 'FAILED', error: { code: '40317', message: 'invalid input value' } };
    const requestId = randomUUID();
    this.inquiries.set(requestId, { readyAt: now + this.delayMs(), outcome });
    return done({ requestId, status: 'PENDING' }, RESPONSE_CODE_OK);
  };

  readonly status: OperationHandler = ({ body, now }) => {
    const fields = jsonObject(body);
    if (!fields) return invalid('invalid body');
    const requestId = stringField(fields, 'requestId');
    if (!requestId.ok) return invalid('invalid body');
    if (!requestId.value) return invalid('requestId is required');
    const inquiry = this.inquiries.get(requestId.value);
    if (!inquiry) return invalid('invalid requestId');
    if (now < inquiry.readyAt) return done({ requestId: requestId.value, status: 'PENDING' }, RESPONSE_CODE_OK);
    return done({ requestId: requestId.value, ...inquiry.outcome }, RESPONSE_CODE_OK);
  };
}

function dataOf(input: BillInput): Extract<Settled, { status: 'SUCCESS' }>['data'] {
  const bill = currentBill(input);
  return { amount: String(bill.amount), billId: bill.billId, payId: bill.payId, date: bill.date };
}
