import { creditInquiries, creditReports } from './credit.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('credit inquiries', creditInquiries);
describeDocumented('credit reports and the transaction credit inquiry', creditReports, {
  sandbox: { asyncDelayMs: 100 },
});
