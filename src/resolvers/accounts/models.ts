import type {
  AccountStatus,
  HolderName,
  StatementEntryRecord,
  StatementRecord,
} from '../../datasources/types/accounts.js';
import type { Page } from '../shared/pagination.js';
/** A card as a parent: its validated number. */
export interface CardModel {
  readonly number: string;
}

/** A bank account as a parent: its validated IBAN. */
export interface BankAccountModel {
  readonly iban: string;
  /** Known when the account was found by its number or card; otherwise read from the IBAN inquiry. */
  readonly accountNumber?: string;
  /** Known from the conversion that found the account by its number or card; otherwise read from the IBAN inquiry. */
  readonly status?: AccountStatus | null;
  /** Known from the conversion that found the account by its number or card; otherwise read from the IBAN inquiry. */
  readonly holders?: readonly HolderName[];
}

/** A page of a statement: the balances and the page of its transactions. */
export type StatementPageModel = Page<StatementEntryRecord> &
  Pick<StatementRecord, 'currentBalance' | 'availableBalance' | 'details'>;

/** A bank as a parent: its 3-digit code. */
export interface BankModel {
  readonly code: string;
}
