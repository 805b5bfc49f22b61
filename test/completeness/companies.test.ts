import { companyOperations } from './companies.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('company operations', companyOperations, { sandbox: { asyncDelayMs: 100 } });
