import {
  KESHAVARZI_CLIENT,
  PASARGAD_CLIENT,
  accountOperations,
  keshavarziStatementOperations,
  pasargadStatementOperations,
} from './accounts.cases.js';
import { describeDocumented } from './support.js';

describeDocumented('accounts and cards operations', accountOperations);
describeDocumented('the statement of a Keshavarzi account', keshavarziStatementOperations, {
  sandbox: { clientNid: KESHAVARZI_CLIENT },
});
describeDocumented('the statement of a Pasargad account', pasargadStatementOperations, {
  sandbox: { clientNid: PASARGAD_CLIENT },
});
