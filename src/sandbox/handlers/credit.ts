/** The facility and credit inquiry operations, answered from the fictional world. */
import type { OperationHandlers } from './types.js';

export const CREDIT_HANDLERS = {} as const satisfies OperationHandlers;
