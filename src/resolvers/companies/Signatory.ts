import type { SignatoryResolvers } from '../../__generated__/resolvers-types.js';
import { personFromRecord } from './people.js';

export const Signatory: SignatoryResolvers = {
  person: (signatory) => personFromRecord(signatory.nationalId, signatory.mobile),
};
