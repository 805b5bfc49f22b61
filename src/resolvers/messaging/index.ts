import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { Mutation } from './Mutation.js';
import { OneTimePasswordChallenge, OneTimePasswordVerification } from './oneTimePasswords.js';
import { Query } from './Query.js';
import { SmsDeliveryJob } from './SmsDeliveryJob.js';
import { SmsRecipient } from './SmsRecipient.js';
import { Subscription } from './Subscription.js';

export const messaging = {
  Query,
  Mutation,
  Subscription,
  SmsDeliveryJob,
  SmsRecipient,
  OneTimePasswordChallenge,
  OneTimePasswordVerification,
} satisfies Resolvers;
