import type { BillQuery, BillSummary } from '../../datasources/types/bills.js';

/** A bill as a parent: what it was looked up by, and its summary when already known (from a job). */
export interface BillModel {
  readonly query: BillQuery;
  readonly summary: BillSummary | null;
}
