import type { PersonResolvers } from '../../__generated__/resolvers-types.js';

export const Person: PersonResolvers = {
  taxDebts: (person, _args, { dataSources }) => dataSources.kyc.listTaxDebts(person.nationalId),
};
