/**
 * A facility item's two blocks (lower-camel and PascalCase `Facility…`): one facility when they agree or
 * one is empty, two when they disagree, as in the documentation's own sample; never facts of both mixed.
 */
import { describe, expect, it } from 'vitest';
import { FacilityItem, facilitiesOfItem } from '../../src/datasources/records/credit.js';

const facilitiesOf = (item: Record<string, unknown>) => facilitiesOfItem(FacilityItem.parse(item));

/** The facility of the documentation's sample answer (`creditSmsFacilityInquiryGet`), verbatim. */
const DOCUMENTED = {
  bankCode: '14',
  branchCode: '91182',
  branchDescription: 'بانک مسکن - مسکن - تهران  - پارک دانشجوتهران',
  pastExpiredAmount: '0',
  deferredAmount: '0',
  suspiciousAmount: '0',
  debtorTotalAmount: '101017180',
  type: '18',
  amountOrginal: '180000000',
  benefitAmount: '101017180',
  FacilityBankCode: '14',
  FacilityBranchCode: '02159',
  FacilityBranch: 'بانک مسکن - شهیدنامجوی تهران',
  FacilityRequestNo: '0215997049192414',
  FacilityRequestType: '3',
  FacilityCurrencyCode: 'IRR',
  FacilityPastExpiredAmount: '0',
  FacilityDeferredAmount: '0',
  FacilitySuspiciousAmount: '0',
  FacilityDebtorTotalAmount: '1151155953',
  FacilityType: '18',
  FacilityStatus: 'جاری',
  FacilityAmountOrginal: '600000000',
  FacilityBenefitAmount: '752873056',
  FacilitySetDate: '13970430',
  FacilityEndDate: '14090430',
  FacilityAmountObligation: '0',
  FacilityGroup: 'اصلي',
  FacilityMoratoriumDate: '0',
};

describe('a facility item', () => {
  it('is two facilities when its blocks disagree, as in the documented sample: the request number stays with its own branch', () => {
    const [lower, pascal, more] = facilitiesOf(DOCUMENTED);
    expect(more).toBeUndefined();
    expect(lower).toMatchObject({
      bank: { code: '014' },
      branchCode: '91182',
      debtAmount: '101017180',
      originalAmount: '180000000',
      contractType: 'INSTALMENT_SALE_HOUSING',
      requestNumber: null,
      status: null,
      setDate: null,
    });
    expect(pascal).toMatchObject({
      bank: { code: '014' },
      branchCode: '02159',
      branchName: 'بانک مسکن - شهیدنامجوی تهران',
      debtAmount: '1151155953',
      originalAmount: '600000000',
      requestNumber: '0215997049192414',
      status: 'جاری',
      setDate: '13970430',
    });
  });

  it('is one facility when the blocks agree on every fact both have, each gap filled from the other', () => {
    const [facility, more] = facilitiesOf({
      bankCode: '62',
      debtorTotalAmount: '5',
      FacilityBankCode: 62,
      FacilityDebtorTotalAmount: '5',
      FacilityBranchCode: '12',
      FacilityRequestNo: '77',
    });
    expect(more).toBeUndefined();
    expect(facility).toMatchObject({ bank: { code: '062' }, debtAmount: '5', branchCode: '12', requestNumber: '77' });
  });

  it('is the PascalCase block alone when the lower-camel block has no value', () => {
    const [facility, more] = facilitiesOf({
      debtorTotalAmount: '',
      bankCode: 'x',
      FacilityDebtorTotalAmount: '5',
      FacilityBranchCode: '12',
      FacilityBankCode: 62,
    });
    expect(more).toBeUndefined();
    expect(facility).toMatchObject({ debtAmount: '5', branchCode: '12', bank: { code: '062' } });
  });

  it('refuses an unreadable member of either block', () => {
    expect(FacilityItem.safeParse({ benefitAmount: 'ten', FacilityBenefitAmount: '7' }).success).toBe(false);
    expect(FacilityItem.safeParse({ FacilityBenefitAmount: '-' }).error?.issues[0]?.path).toEqual([
      'FacilityBenefitAmount',
    ]);
  });
});
