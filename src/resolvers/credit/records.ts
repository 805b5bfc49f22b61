import type {
  BankGuaranteeResolvers,
  BouncedChequeResolvers,
  FacilityResolvers,
  GuaranteeCollateralResolvers,
  GuaranteedLoanResolvers,
} from '../../__generated__/resolvers-types.js';
import type {
  BankGuaranteeRecord,
  BouncedChequeRecord,
  FacilityRecord,
  GuaranteeCollateralRecord,
  GuaranteedLoanRecord,
} from '../../datasources/types/credit.js';
import { persianDates } from './dates.js';

export const Facility: FacilityResolvers = persianDates<FacilityRecord, 'setDate' | 'endDate' | 'moratoriumDate'>(
  'setDate',
  'endDate',
  'moratoriumDate',
);

export const BouncedCheque: BouncedChequeResolvers = persianDates<BouncedChequeRecord, 'issueDate' | 'bounceDate'>(
  'issueDate',
  'bounceDate',
);

export const GuaranteedLoan: GuaranteedLoanResolvers = persianDates<GuaranteedLoanRecord, 'setDate' | 'endDate'>(
  'setDate',
  'endDate',
);

export const GuaranteeCollateral: GuaranteeCollateralResolvers = persianDates<
  GuaranteeCollateralRecord,
  'receiveDate' | 'issueDate' | 'assignDate'
>('receiveDate', 'issueDate', 'assignDate');

export const BankGuarantee: BankGuaranteeResolvers = {
  ...persianDates<BankGuaranteeRecord, 'issueDate' | 'maturityDate' | 'renewalDate'>(
    'issueDate',
    'maturityDate',
    'renewalDate',
  ),
  collaterals: (guarantee, _args, { dataSources }) =>
    dataSources.credit.listGuaranteeCollaterals(guarantee.guaranteeId),
};
