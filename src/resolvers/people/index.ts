import { CivilIdentity } from './CivilIdentity.js';
import { Person } from './Person.js';
import { Query } from './Query.js';

export const people = { Query, Person, CivilIdentity };
