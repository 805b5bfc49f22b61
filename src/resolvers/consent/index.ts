import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { InquiryConsent } from './InquiryConsent.js';
import { ConsentGranted } from './ConsentGranted.js';
import { ConsentGrant } from './enums.js';
import { Mutation } from './Mutation.js';
import { Query } from './Query.js';

export const consent = { Query, Mutation, InquiryConsent, ConsentGranted, ConsentGrant } satisfies Resolvers;
