import type { ConsentGrant as GraphQLConsentGrant } from '../../__generated__/resolvers-types.js';
import type { ConsentGrant, ConsentView } from '../../consent/types.js';

/** A granted consent as a parent: the new handle and the consent's description. */
export interface ConsentGrantedModel {
  readonly handle: string;
  readonly consent: ConsentView;
}

/** The GraphQL name of each grant, and back. */
export const GRANT_NAME: Readonly<Record<ConsentGrant, GraphQLConsentGrant>> = {
  authorization_sms: 'SMS',
  authorization_code: 'AUTHORIZATION_CODE',
};

export const GRANT_OF: Readonly<Record<GraphQLConsentGrant, ConsentGrant>> = {
  SMS: 'authorization_sms',
  AUTHORIZATION_CODE: 'authorization_code',
};
