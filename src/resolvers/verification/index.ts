import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { BankAccount } from './BankAccount.js';
import { Card } from './Card.js';
import { Company } from './Company.js';
import { NationalCardSide, SanaIdentificationType } from './enums.js';
import { IdentityMatch } from './IdentityMatch.js';
import { NationalCardScan } from './NationalCardScan.js';
import { Person } from './Person.js';
import { Query } from './Query.js';
import { Shahab } from './Shahab.js';
import { TaxDebt } from './TaxDebt.js';

export const verification = {
  Query,
  Person,
  TaxDebt,
  Card,
  Company,
  BankAccount,
  NationalCardScan,
  IdentityMatch,
  Shahab,
  NationalCardSide,
  SanaIdentificationType,
} satisfies Resolvers;
