/**
 * The sandbox's money: every account starts at its opening balance in the world, and each applied
 * transfer moves money between accounts and is kept by its trackId for the transfer inquiry.
 */
import type { Account } from './world/accounts.js';
import { openingBalanceOf } from './world/balances.js';

export type TransferRail = 'internal' | 'paya' | 'satna';

export interface AppliedTransfer {
  readonly trackId: string;
  readonly rail: TransferRail;
  readonly amount: bigint;
  readonly source: Account;
  /** The destination as sent: an account number or an IBAN. */
  readonly destinationNumber: string;
  readonly destination: Account;
  readonly description: string;
  /** Tehran time of the bank's booking: `YYMMDD`, `HHMMSS`. */
  readonly inquiryDate: string;
  readonly inquiryTime: string;
  readonly inquirySequence: number;
  readonly refCode: string;
}

export class Ledger {
  private readonly moved = new Map<string, bigint>();
  private readonly transfers = new Map<string, AppliedTransfer>();
  private sequence = 0;

  balanceOf(account: Account): bigint {
    return openingBalanceOf(account) + (this.moved.get(account.iban) ?? 0n);
  }

  /** The next booking sequence number of the bank. */
  nextSequence(): number {
    this.sequence += 1;
    return 100_000 + this.sequence;
  }

  apply(transfer: AppliedTransfer): void {
    if (this.transfers.has(transfer.trackId)) throw new Error(`transfer ${transfer.trackId} was applied already`);
    this.shift(transfer.source, -transfer.amount);
    this.shift(transfer.destination, transfer.amount);
    this.transfers.set(transfer.trackId, transfer);
  }

  transferOf(trackId: string): AppliedTransfer | undefined {
    return this.transfers.get(trackId);
  }

  /** Every transfer applied so far, oldest first. */
  applied(): AppliedTransfer[] {
    return [...this.transfers.values()];
  }

  private shift(account: Account, delta: bigint): void {
    this.moved.set(account.iban, (this.moved.get(account.iban) ?? 0n) + delta);
  }
}
