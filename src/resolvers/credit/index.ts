import type { Resolvers } from '../../__generated__/resolvers-types.js';
/** Resolvers of the credit domain. */
import { Company } from './Company.js';
import { CreditReportFile, CreditReportJob } from './CreditReportJob.js';
import { Mutation } from './Mutation.js';
import { Person } from './Person.js';
import { Query } from './Query.js';
import { BankGuarantee, BouncedCheque, Facility, GuaranteeCollateral, GuaranteedLoan } from './records.js';
import * as transactionCredit from './transactionCredit.js';

export const credit = {
  Query: { ...Query, ...transactionCredit.Query },
  Mutation: { ...Mutation, ...transactionCredit.Mutation },
  TransactionCreditInquiryVerified: transactionCredit.TransactionCreditInquiryVerified,
  Person,
  Company,
  Facility,
  BouncedCheque,
  GuaranteedLoan,
  BankGuarantee,
  GuaranteeCollateral,
  CreditReportJob,
  CreditReportFile,
} satisfies Resolvers;
