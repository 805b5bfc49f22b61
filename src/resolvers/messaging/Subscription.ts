import type { SubscriptionResolvers } from '../../__generated__/resolvers-types.js';
import type { InboundSms } from '../../inbox/index.js';
import { parseMessageCursor, parseSenderNumber } from '../../validation/inbox.js';

export const Subscription: SubscriptionResolvers = {
  smsReceived: {
    subscribe: (_parent, { destinationNumber, after }, { inbox }) =>
      inbox.watch(
        parseSenderNumber(destinationNumber, inbox.numbers, 'destinationNumber'),
        parseMessageCursor(after, 'after'),
      ),
    resolve: (message: InboundSms) => message,
  },
};
