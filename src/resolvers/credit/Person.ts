import type { PersonResolvers } from '../../__generated__/resolvers-types.js';

export const Person: PersonResolvers = {
  facilities: (person, _args, { dataSources }) => dataSources.credit.getPersonFacilities(person.nationalId),
  bouncedCheques: (person, _args, { dataSources }) => dataSources.credit.getPersonBouncedCheques(person.nationalId),
  bouncedChequesConfirmedBySms: (person, _args, { dataSources }) =>
    dataSources.credit.getPersonBouncedChequesConfirmedBySms(person.nationalId),
  guaranteedLoans: (person, _args, { dataSources }) => dataSources.credit.getGuaranteedLoans(person.nationalId),
  chequeStanding: (person, _args, { dataSources }) => dataSources.credit.getChequeStanding(person.nationalId),
  issuedCards: (person, _args, { dataSources }) => dataSources.credit.getCardIssuance(person.nationalId),
};
