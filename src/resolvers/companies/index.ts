import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { BoardMember } from './BoardMember.js';
import { BusinessCreditValidation } from './BusinessCreditValidation.js';
import { Company } from './Company.js';
import { CompanyMembership } from './CompanyMembership.js';
import { GazetteNotice } from './GazetteNotice.js';
import { GazetteSignatureJob } from './GazetteSignatureJob.js';
import { GazetteSignatureVerification } from './GazetteSignatureVerification.js';
import { KnowledgeBasedStanding } from './KnowledgeBasedStanding.js';
import { MembershipPosition } from './MembershipPosition.js';
import { Mutation } from './Mutation.js';
import { Query } from './Query.js';
import { Signatory, SignatoryRelationship } from './Signatory.js';
import { SigningRights } from './SigningRights.js';
import { TradeLicence } from './TradeLicence.js';

export const companies = {
  Query,
  Mutation,
  Company,
  BoardMember,
  SigningRights,
  Signatory,
  SignatoryRelationship,
  GazetteNotice,
  CompanyMembership,
  MembershipPosition,
  TradeLicence,
  BusinessCreditValidation,
  KnowledgeBasedStanding,
  GazetteSignatureJob,
  GazetteSignatureVerification,
} satisfies Resolvers;
