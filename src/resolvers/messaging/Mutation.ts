import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { parseMobile } from '../../validation/identifiers.js';
import { parseOneTimeCode, parseSendSmsInput, parseSenderNumber, parseTemplateId } from './input.js';

export const Mutation: MutationResolvers = {
  sendSms: async (_parent, { input }, { dataSources, smsThrottle }) => {
    const { messaging } = dataSources;
    const { idempotencyKey, order } = parseSendSmsInput(input, messaging.senderNumbers);
    // Only a new send is throttled: a retry under its key answers the stored send.
    return messaging.send(idempotencyKey, order, () =>
      smsThrottle.admitAll(order.messages.map(({ to }) => ({ mobile: to }))),
    );
  },

  sendOneTimePassword: async (_parent, { input }, { dataSources, smsThrottle, oneTimePasswords }) => {
    const { messaging } = dataSources;
    const to = parseMobile(input.to, 'input.to');
    const from = parseSenderNumber(
      input.from ?? messaging.senderNumbers[0] ?? '',
      'input.from',
      messaging.senderNumbers,
    );
    const templateId = parseTemplateId(input.templateId, 'input.templateId');
    await smsThrottle.admit({ mobile: to });
    const { challenge, code } = await oneTimePasswords.issue(to);
    await messaging.sendOneTimePassword(from, to, code, templateId);
    return challenge;
  },

  verifyOneTimePassword: (_parent, { input }, { oneTimePasswords }) =>
    oneTimePasswords.verify(
      input.challengeId,
      parseMobile(input.to, 'input.to'),
      parseOneTimeCode(input.code, 'input.code'),
    ),
};
