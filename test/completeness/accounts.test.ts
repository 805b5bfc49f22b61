import { KESHAVARZI_CLIENT, accountOperations, keshavarziStatementOperations } from './accounts.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('accounts and cards operations', accountOperations);
describeDocumented('the statement of a Keshavarzi account', keshavarziStatementOperations, {
  sandbox: { clientNid: KESHAVARZI_CLIENT },
});
