import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { BankAccount } from './BankAccount.js';
import { BouncedCheque } from './BouncedCheque.js';
import { Cheque } from './Cheque.js';
import { ChequeLeaf, Chequebook } from './Chequebook.js';
import { ChequeDrawerReport } from './ChequeDrawerReport.js';
import { ChequeChainLink, ChequeParty } from './ChequeParty.js';
import { ChequeStatusReport } from './ChequeStatusReport.js';
import { ChequeView } from './ChequeView.js';
import { ChequeMedia, ChequePartyKind, ChequeStatus, ChequeType } from './enums.js';
import { Query } from './Query.js';

export const cheques = {
  Query,
  BankAccount,
  BouncedCheque,
  Cheque,
  ChequeView,
  ChequeStatusReport,
  ChequeDrawerReport,
  ChequeParty,
  ChequeChainLink,
  Chequebook,
  ChequeLeaf,
  ChequeStatus,
  ChequeType,
  ChequeMedia,
  ChequePartyKind,
} satisfies Resolvers;
