import { chequeInquiries } from './cheques.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('cheque inquiries', chequeInquiries);
