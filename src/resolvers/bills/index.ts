import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { Bill } from './Bill.js';
import { BillDetails } from './BillDetails.js';
import { BillHistoryEntry } from './BillHistoryEntry.js';
import { BillInquiryJob } from './BillInquiryJob.js';
import { Mutation } from './Mutation.js';
import { Query } from './Query.js';

export const bills = { Query, Mutation, Bill, BillDetails, BillHistoryEntry, BillInquiryJob } satisfies Resolvers;
