import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';

/** The driver risk inquiry's optional inputs, checked; an omitted one stays omitted. */
export interface DriverRiskInputs {
  readonly personType?: 1 | 2;
  readonly agentCode?: string;
}

/**
 * `personType` must be 1 or 2, the two values the upstream documents; `agentCode` (designed, its format
 * documented nowhere) 1 to 20 ASCII letters or digits, Persian digits accepted.
 */
export function parseDriverRiskOptions(args: {
  readonly personType?: number | null | undefined;
  readonly agentCode?: string | null | undefined;
}): DriverRiskInputs {
  const { personType, agentCode } = args;
  if (personType !== undefined && personType !== null && personType !== 1 && personType !== 2) {
    throw new BadUserInputError('personType', 'expected 1 or 2');
  }
  let code: string | undefined;
  if (agentCode !== undefined && agentCode !== null) {
    code = normalizeDigits(agentCode.trim());
    if (!/^[A-Za-z0-9]{1,20}$/.test(code)) {
      throw new BadUserInputError('agentCode', 'expected an agent code of 1 to 20 letters or digits');
    }
  }
  return {
    ...(personType === 1 || personType === 2 ? { personType } : {}),
    ...(code !== undefined && { agentCode: code }),
  };
}
