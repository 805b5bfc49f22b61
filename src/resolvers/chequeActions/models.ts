import type { ChequeActionJobRecord } from '../../datasources/flows/chequeAction.js';

/** A member of ChequeActionResult: the stored action it reports on. */
export interface ChequeActionOutcomeModel {
  readonly job: ChequeActionJobRecord;
}
