import type { SignatoryRelationshipResolvers, SignatoryResolvers } from '../../__generated__/resolvers-types.js';
import { personFromRecord, personMobileFromRecord } from './people.js';

export const Signatory: SignatoryResolvers = {
  person: (signatory) => personFromRecord(signatory.nationalId),
  personMobile: (signatory) => personMobileFromRecord(signatory.nationalId, signatory.mobile),
};

export const SignatoryRelationship: SignatoryRelationshipResolvers = {
  person: (relationship) => personFromRecord(relationship.nationalId),
};
