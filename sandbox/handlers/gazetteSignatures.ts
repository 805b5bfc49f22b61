/**
 * The official-gazette signature verification (designed; catalog notes): submit answers PENDING with
 * a requestId at once; each request settles after the configured delay into a verdict read from the
 * world's gazette, or FAILED for a company that is no longer active. Bad ids are refused at submission.
 */
import { randomUUID } from 'node:crypto';
import { jsonObject, stringField } from '../requestBody.js';
import { isValidLegalId, isValidNationalId } from '../validation.js';
import { signatureVerificationOf, type SignatureVerification } from '../world/gazetteSignatures.js';
import { guarded, reject, required } from './inputs.js';
import { done, type OperationHandler } from './types.js';

const KYB_DONE = 'FN-KBIE-20000000000';

interface Request {
  readonly readyAt: number;
  readonly outcome: SignatureVerification;
}

export class GazetteSignatureVerifications {
  private readonly requests = new Map<string, Request>();

  constructor(private readonly delayMs: () => number) {}

  readonly submit: OperationHandler = guarded(({ body, now }) => {
    const fields = jsonObject(body);
    if (!fields) reject('invalid body');
    const companyId = stringField(fields, 'companyId');
    const nationalId = stringField(fields, 'nationalId');
    if (!companyId.ok || !nationalId.ok) reject('invalid body');
    const company = required(companyId.value, 'companyId');
    if (!isValidLegalId(company)) reject('invalid companyId');
    const person = required(nationalId.value, 'nationalId');
    if (!isValidNationalId(person)) reject('invalid nationalId');
    const requestId = randomUUID();
    this.requests.set(requestId, {
      readyAt: now + this.delayMs(),
      outcome: signatureVerificationOf(company, person),
    });
    return done({ requestId, status: 'PENDING' }, KYB_DONE);
  });

  readonly result: OperationHandler = guarded(({ query, now }) => {
    const requestId = required(query['requestId'], 'requestId');
    const request = this.requests.get(requestId);
    if (!request) reject('invalid requestId');
    if (now < request.readyAt) return done({ requestId, status: 'PENDING' }, KYB_DONE);
    return done({ requestId, ...request.outcome }, KYB_DONE);
  });
}
