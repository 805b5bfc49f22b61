/** The vehicle, traffic offense, toll, insurance and driving licence operations, answered from the fictional world. */
import type { OperationHandlers } from './types.js';

export const VEHICLE_HANDLERS = {} as const satisfies OperationHandlers;
