import { callLogOperations, transferOperations } from './transfers.cases.js';
import { describeDocumented } from './support.js';

/** Upstream answers time out within half a second here, so the inquiry and the call log are reached quickly. */
const QUICK_TIMEOUTS = { UPSTREAM_TIMEOUT_MS: '500', UPSTREAM_OPERATION_BUDGET_MS: '500' };
describeDocumented('transfer operations', transferOperations, { env: QUICK_TIMEOUTS });
describeDocumented('the call log', callLogOperations, { env: QUICK_TIMEOUTS });
