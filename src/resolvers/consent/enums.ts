import type { ConsentGrantResolvers } from '../../__generated__/resolvers-types.js';

/** The upstream grant each ConsentGrant value stands for: arguments arrive as it, results are served by name. */
export const ConsentGrant = {
  SMS: 'authorization_sms',
  AUTHORIZATION_CODE: 'authorization_code',
} satisfies Required<ConsentGrantResolvers>;
