import type { SmsRecipientResolvers } from '../../__generated__/resolvers-types.js';

export const SmsRecipient: SmsRecipientResolvers = {
  // Resolved here so the compiler holds the record's statuses to the schema's enum.
  status: (recipient) => recipient.status,
};
