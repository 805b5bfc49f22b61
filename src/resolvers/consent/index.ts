import { Consent } from './Consent.js';
import { ConsentGranted } from './ConsentGranted.js';
import { Mutation } from './Mutation.js';
import { Query } from './Query.js';

export const consent = { Query, Mutation, Consent, ConsentGranted };
