import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { billInquiryJob } from '../../datasources/flows/billInquiry.js';
import { parseBillQuery } from '../../validation/bills.js';

export const Mutation: MutationResolvers = {
  startBillInquiry: async (_parent, { input }, { jobs }) => {
    const query = parseBillQuery(input, {
      type: 'input.type',
      parameter: 'input.parameter',
      secondParameter: 'input.secondParameter',
    });
    return jobs.start(billInquiryJob, query);
  },
};
