/** The company (KYB) operations, answered from the fictional world. */
import type { OperationHandlers } from './types.js';

export const KYB_HANDLERS = {} as const satisfies OperationHandlers;
