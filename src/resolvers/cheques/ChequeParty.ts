import type { ChequeChainLinkResolvers, ChequePartyResolvers } from '../../__generated__/resolvers-types.js';
import { CHEQUE_PARTY_KIND } from '../../datasources/types/cheques.js';
import { isValidLegalId, isValidNationalId } from '../../validation/identifiers.js';
import { codeOrOther } from '../shared/enumCodes.js';
import { persianDateTimeOfCompact } from '../shared/persianDate.js';

export const ChequeParty: ChequePartyResolvers = {
  kind: (party) => codeOrOther(CHEQUE_PARTY_KIND, party.idType),
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
