import type {
  ChequeChainLinkResolvers,
  ChequePartyKind,
  ChequePartyResolvers,
} from '../../__generated__/resolvers-types.js';
import { isValidLegalId, isValidNationalId } from '../../validation/identifiers.js';
import { persianDateTimeOfCompact } from '../shared/persianDate.js';

const KINDS: readonly ChequePartyKind[] = ['NATURAL', 'LEGAL', 'FOREIGN_NATURAL', 'FOREIGN_LEGAL'];

export const ChequeParty: ChequePartyResolvers = {
  kind: (party) => (party.idType !== null && KINDS[party.idType - 1]) || 'OTHER',
  person: (party) =>
    party.idType === 1 && party.idCode !== null && isValidNationalId(party.idCode)
      ? { nationalId: party.idCode }
      : null,
  company: (party) =>
    party.idType === 2 && party.idCode !== null && isValidLegalId(party.idCode) ? { nationalId: party.idCode } : null,
};

export const ChequeChainLink: ChequeChainLinkResolvers = {
  party: (link) => link,
  at: (link) => persianDateTimeOfCompact(link.at),
};
