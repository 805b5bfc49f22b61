import type { CompanyResolvers } from '../../__generated__/resolvers-types.js';
import { SANA_IDENTIFICATION_TYPE } from '../../datasources/types/verification.js';

export const Company: CompanyResolvers = {
  sanaRegistration: (company, _args, { dataSources }) =>
    dataSources.verification.getSanaRegistration(company.nationalId, SANA_IDENTIFICATION_TYPE.LEGAL_ID),
};
