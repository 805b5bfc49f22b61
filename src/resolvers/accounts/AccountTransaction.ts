import type {
  AccountStatementDetailsResolvers,
  AccountTransactionResolvers,
  StatementCardInformationResolvers,
  StatementIbanInformationResolvers,
} from '../../__generated__/resolvers-types.js';
import { persianDate, persianDateTimeOfCompact } from '../shared/persianDate.js';
import { statementAccount } from './statementLinks.js';

export const AccountTransaction: AccountTransactionResolvers = {
  bookedAt: (entry) => persianDateTimeOfCompact(entry.bookedAt),
  counterpartyAccount: (entry) => statementAccount(entry.counterpartyIban),
};

export const AccountStatementDetails: AccountStatementDetailsResolvers = {
  openedOn: (details) => persianDate(details.openDate),
};

export const StatementIbanInformation: StatementIbanInformationResolvers = {
  destinationAccount: (info) => statementAccount(info.destinationIban),
};

export const StatementCardInformation: StatementCardInformationResolvers = {
  destinationAccount: (info) => statementAccount(info.destinationIban),
};
