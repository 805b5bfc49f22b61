import { billOperations } from './bills.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('bill operations', billOperations, { sandbox: { asyncDelayMs: 100 } });
