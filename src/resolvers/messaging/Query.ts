import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { BadUserInputError } from '../../errors.js';
import { parseMessageCursor, parseSenderNumber } from '../../validation/inbox.js';
import { MAX_PAGE_SIZE } from '../shared/pagination.js';

export const Query: QueryResolvers = {
  smsSenderNumbers: (_parent, _args, { dataSources }) => dataSources.messaging.senderNumbers,
  inboundSms: (_parent, { destinationNumber, first, after }, { inbox }) => {
    const number = parseSenderNumber(destinationNumber, inbox.numbers, 'destinationNumber');
    if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE)
      throw new BadUserInputError('first', `expected a page size from 0 to ${MAX_PAGE_SIZE}`);
    return inbox.page(number, parseMessageCursor(after, 'after'), first);
  },
};
