import type { ChequeActionJobRecord } from '../../jobs/kinds/chequeAction.js';

/** A member of ChequeActionResult: the stored action it reports on. */
export interface ChequeActionOutcomeModel {
  readonly job: ChequeActionJobRecord;
}
