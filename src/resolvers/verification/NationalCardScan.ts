import type { NationalCardScanResolvers } from '../../__generated__/resolvers-types.js';
import { isValidNationalId } from '../../validation/identifiers.js';
import { persianDate } from '../shared/persianDate.js';

export const NationalCardScan: NationalCardScanResolvers = {
  birthDate: (scan) => persianDate(scan.birthDate),
  expiresOn: (scan) => persianDate(scan.expirationDate),
  // A misread digit fails the check digit: no person is linked then.
  person: (scan) =>
    scan.nationalId !== null && isValidNationalId(scan.nationalId) ? { nationalId: scan.nationalId } : null,
};
