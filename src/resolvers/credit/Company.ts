import type { CompanyResolvers } from '../../__generated__/resolvers-types.js';

export const Company: CompanyResolvers = {
  facilities: (company, _args, { dataSources }) => dataSources.credit.getCompanyFacilities(company.nationalId),
  bouncedCheques: (company, _args, { dataSources }) => dataSources.credit.getCompanyBouncedCheques(company.nationalId),
  chequeStanding: (company, _args, { dataSources }) => dataSources.credit.getChequeStanding(company.nationalId),
};
