import type { TradeLicenceResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const TradeLicence: TradeLicenceResolvers = {
  issuedOn: (licence) => persianDate(licence.issuedOn),
  expiresOn: (licence) => persianDate(licence.expiresOn),
};
