import {
  KESHAVARZI_CLIENT,
  PASARGAD_CLIENT,
  accountOperations,
  balanceOperations,
  keshavarziStatementOperations,
  pasargadStatementOperations,
} from './accounts.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('accounts and cards operations', accountOperations);
describeDocumented('the balance of an account, under its holder’s consent', balanceOperations);
describeDocumented('the statement of a Keshavarzi account', keshavarziStatementOperations, {
  sandbox: { clientNid: KESHAVARZI_CLIENT },
});
describeDocumented('the statement of a Pasargad account', pasargadStatementOperations, {
  sandbox: { clientNid: PASARGAD_CLIENT },
});
