import type { DocumentRecord } from '../../datasources/types/credit.js';

/** A credit report's file as a parent: the file and the job it belongs to, which its download link names. */
export interface CreditReportFileModel extends DocumentRecord {
  readonly jobId: string;
}
