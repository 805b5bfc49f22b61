import type { TransferJobRecord } from '../../datasources/flows/transfer.js';

/** A member of TransferResult: the stored transfer it reports on. */
export interface TransferOutcomeModel {
  readonly job: TransferJobRecord;
}
