import type { TransferJobRecord } from '../../jobs/kinds/transfer.js';

/** A member of TransferResult: the stored transfer it reports on. */
export interface TransferOutcomeModel {
  readonly job: TransferJobRecord;
}
