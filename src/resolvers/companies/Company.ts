import type { CompanyResolvers } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import type { CompanyInfoRecord } from '../../datasources/types/companies.js';
import { isValidLegalId, parseNationalId } from '../../validation/identifiers.js';
import { linkedAddress } from '../shared/postalAddress.js';
import { parsePage, slicePage } from '../shared/pagination.js';
import { persianDate } from '../shared/persianDate.js';
import type { CompanyModel } from './models.js';

const info = (company: CompanyModel, { dataSources }: Context) =>
  dataSources.companies.getCompanyInfo(company.nationalId);

/** A field of the company-information record; every such field shares the one call. */
const infoField =
  <Key extends keyof CompanyInfoRecord>(key: Key) =>
  async (company: CompanyModel, _args: unknown, context: Context): Promise<CompanyInfoRecord[Key] | null> =>
    (await info(company, context))?.[key] ?? null;

export const Company: CompanyResolvers = {
  __resolveReference: (reference) =>
    typeof reference.nationalId === 'string' && isValidLegalId(reference.nationalId)
      ? { nationalId: reference.nationalId }
      : null,
  name: infoField('name'),
  legalForm: infoField('legalForm'),
  registrationType: infoField('registrationType'),
  registrationNumber: infoField('registrationNumber'),
  registeredOn: async (company, _args, context) => persianDate((await info(company, context))?.registeredOn),
  capital: infoField('capital'),
  address: infoField('address'),
  postalCode: infoField('postalCode'),
  postalAddress: async (company, _args, context) => linkedAddress((await info(company, context))?.postalCode, context),
  location: infoField('location'),
  taxNumber: infoField('taxNumber'),
  phone: infoField('phone'),
  fax: infoField('fax'),
  email: infoField('email'),
  website: infoField('website'),
  status: infoField('status'),
  statusText: infoField('statusText'),
  registryOffice: infoField('registryOffice'),
  registryUnit: infoField('registryUnit'),
  lastUpdated: infoField('lastUpdated'),
  knowledgeBased: infoField('knowledgeBased'),
  boardMembers: (company, _args, { dataSources }) => dataSources.companies.listBoardMembers(company.nationalId),
  signingRights: (company, _args, { dataSources }) => dataSources.companies.getSigningRights(company.nationalId),
  gazetteNotices: async (company, args, { dataSources }) => {
    const page = parsePage(args);
    return slicePage(await dataSources.companies.listGazetteNotices(company.nationalId), page);
  },
  membership: (company, args, { dataSources }) =>
    dataSources.companies.getMembership(company.nationalId, parseNationalId(args.nationalId, 'nationalId')),
  tradeLicences: (company, _args, { dataSources }) => dataSources.companies.listTradeLicences(company.nationalId),
  creditValidation: (company, _args, { dataSources }) => dataSources.companies.getCreditValidation(company.nationalId),
};
