import { peopleOperations } from './people.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('people operations', peopleOperations, { sandbox: { otpLifetimeMs: 60_000 } });
