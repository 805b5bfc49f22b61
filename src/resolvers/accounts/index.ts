import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { AccountHolderDetails } from './AccountHolderDetails.js';
import {
  AccountStatementDetails,
  AccountTransaction,
  StatementCardInformation,
  StatementIbanInformation,
} from './AccountTransaction.js';
import { Bank } from './Bank.js';
import { BankListing } from './BankListing.js';
import { BankAccount } from './BankAccount.js';
import { Card } from './Card.js';
import { Query } from './Query.js';

export const accounts = {
  Query,
  Card,
  BankAccount,
  Bank,
  BankListing,
  AccountHolderDetails,
  AccountTransaction,
  AccountStatementDetails,
  StatementIbanInformation,
  StatementCardInformation,
} satisfies Resolvers;
