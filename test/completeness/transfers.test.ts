import { callLogOperations, transferOperations } from './transfers.cases.js';
import { describeDocumented } from './support.js';

/** Unclear answers settle within a second here, so the inquiry and the call log are reached quickly. */
const SETTLING = { ACTION_SETTLE_MS: '1000', UPSTREAM_TIMEOUT_MS: '500', UPSTREAM_OPERATION_BUDGET_MS: '500' };

describeDocumented('transfer operations', transferOperations, { env: SETTLING });
describeDocumented('the call log', callLogOperations, { env: SETTLING });
