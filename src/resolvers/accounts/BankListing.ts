import type { BankListingResolvers } from '../../__generated__/resolvers-types.js';

export const BankListing: BankListingResolvers = {
  bank: (listing) => ({ code: listing.code }),
};
