import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parsePostalCode } from '../../validation/identifiers.js';
import { addressAt } from '../shared/postalAddress.js';
import { parseParcelTrackingCode } from '../../validation/postal.js';

export const Query: QueryResolvers = {
  postalAddress: (_parent, { postalCode }, context) => addressAt(parsePostalCode(postalCode, 'postalCode'), context),
  parcel: (_parent, { trackingCode }, { dataSources }) =>
    dataSources.postal.getParcel(parseParcelTrackingCode(trackingCode, 'trackingCode')),
};
