/**
 * Ready credit records of the fictional world for tests and demos; test/sandbox/credit-world.test.ts
 * checks every one against the world functions.
 */
import { COMPANY_SAMPLES } from './companySamples.js';
import { THREE_BANKS } from './samples.js';

export const CREDIT_SAMPLES = {
  /** A man with five loans (one deferred, so a bad debtor) and three bounced cheques: orange. Guarantees nothing. */
  borrower: { nationalId: '1234000830', facilities: 5, dishonoured: true, bouncedCheques: 3, colour: 'ORANGE' },
  /** No loans, no bounced cheques (white); he guarantees two loans of other people. */
  cleanGuarantor: {
    nationalId: THREE_BANKS.nationalId,
    facilities: 0,
    bouncedCheques: 0,
    colour: 'WHITE',
    guaranteedLoans: 2,
  },
  /** A company with five loans and eleven bounced cheques: red. */
  company: { nationalId: COMPANY_SAMPLES.active.nationalId, facilities: 5, bouncedCheques: 11, colour: 'RED' },
  /** A company with no loans and no bounced cheques. */
  cleanCompany: {
    nationalId: COMPANY_SAMPLES.largeBoard.nationalId,
    facilities: 0,
    bouncedCheques: 0,
    colour: 'WHITE',
  },
} as const;

/** Ayandeh bank guarantee ids: 13 digits whose last is a Luhn check digit over the first twelve. */
export const GUARANTEE_SAMPLES = {
  /** An active performance guarantee with two collaterals. */
  withCollaterals: { guaranteeId: '0620000000013', collaterals: 2 },
  /** A guarantee with no collateral recorded. */
  withoutCollaterals: { guaranteeId: '0620000000021', collaterals: 0 },
  /** Thirteen digits whose check digit does not match: the bank has no such guarantee. */
  unknown: '0620000000014',
} as const;
