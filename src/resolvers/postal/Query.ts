import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parsePostalCode } from '../../validation/identifiers.js';
import { parseParcelTrackingCode } from '../../validation/postal.js';

export const Query: QueryResolvers = {
  postalAddress: (_parent, { postalCode }) => ({ postalCode: parsePostalCode(postalCode, 'postalCode') }),
  parcel: (_parent, { trackingCode }, { dataSources }) =>
    dataSources.postal.getParcel(parseParcelTrackingCode(trackingCode, 'trackingCode')),
};
