/** The sender numbers assigned to the sandbox's client (wire facts §4.10: e.g. `200000`). */
export const SENDER_NUMBERS: readonly string[] = ['200000'];
