import { Company } from './Company.js';
import { Query } from './Query.js';

export const companies = { Query, Company };
