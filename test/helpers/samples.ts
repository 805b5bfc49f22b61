import { billIdCheckDigit } from '../../src/validation/identifiers.js';

/** A bill identifier with a correct check digit, built from `body`. */
export const billId = (body: string): string => `${body}${billIdCheckDigit(body)}`;

/** Inputs the sandbox answers for; the national id passes its checksum. */
export const samples = {
  waterBillId: billId('123456789012'),
  electricityBillId: billId('732190011'),
  gasSubscription: '1234567890',
  landline: '02177689361',
  mciMobile: '09121234567',
  mtnMobile: '09351234567',
  nationalId: '0499370899',
  licenceNumber: '1234567890',
  /** Passes our format checks but has no real area code, so the upstream refuses it. */
  landlineWithUnknownAreaCode: '02977689361',
} as const;
