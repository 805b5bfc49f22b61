import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { CivilIdentity } from './CivilIdentity.js';
import { Mutation } from './Mutation.js';
import { Person } from './Person.js';
import { Query } from './Query.js';

export const people = { Query, Mutation, Person, CivilIdentity } satisfies Resolvers;
