/**
 * The bank's rules for a transfer, checked before it is sent (wire facts §4.9): every rail takes at
 * least 10,000 rials; an internal transfer (to an account number) at most 1,000,000,000; to an IBAN
 * the bank goes by Paya up to 1,000,000,000 and by Satna from there, so an IBAN takes any amount from
 * the minimum up to our own ceiling. Paya and Satna need the destination holder's names.
 */
import { BadUserInputError } from '../errors.js';

export const MINIMUM_TRANSFER_RIALS = 10_000n;
export const INTERNAL_MAXIMUM_RIALS = 1_000_000_000n;
/** Our own ceiling: the amount goes out as a JSON number, so it is kept far below 2^53. */
export const TRANSFER_CEILING_RIALS = 10n ** 15n;

export type TransferDestinationKind = 'ACCOUNT_NUMBER' | 'IBAN';

const group = (rials: bigint): string => rials.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Checks `rials` against the limits of the rail a destination of `kind` goes by. */
export function checkTransferAmount(rials: bigint, kind: TransferDestinationKind, argumentPath: string): void {
  if (rials < MINIMUM_TRANSFER_RIALS) {
    throw new BadUserInputError(argumentPath, `the bank takes at least ${group(MINIMUM_TRANSFER_RIALS)} rials`);
  }
  if (kind === 'ACCOUNT_NUMBER' && rials > INTERNAL_MAXIMUM_RIALS) {
    throw new BadUserInputError(
      argumentPath,
      `an internal transfer (to an account number) takes at most ${group(INTERNAL_MAXIMUM_RIALS)} rials; send a larger amount to the IBAN (Satna)`,
    );
  }
  if (rials > TRANSFER_CEILING_RIALS)
    throw new BadUserInputError(argumentPath, `expected at most ${group(TRANSFER_CEILING_RIALS)} rials`);
}
