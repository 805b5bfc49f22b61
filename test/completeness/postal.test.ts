import { postalOperations } from './postal.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('postal operations', postalOperations);
