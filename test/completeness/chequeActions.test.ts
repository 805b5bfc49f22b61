import { chequeActionCases } from './chequeActions.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('cheque actions', chequeActionCases);
