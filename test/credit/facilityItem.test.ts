/** A facility item's two blocks: the lower-camel block when it has any value, else the PascalCase block, never a mix. */
import { describe, expect, it } from 'vitest';
import { FacilityItem } from '../../src/datasources/records/credit.js';

describe('a facility item', () => {
  it('reads the PascalCase block when the lower-camel block has no value', () => {
    const item = FacilityItem.parse({
      debtorTotalAmount: '',
      FacilityDebtorTotalAmount: '5',
      FacilityBranchCode: '12',
      bankCode: 'x',
      FacilityBankCode: 62,
    });
    expect(item).toMatchObject({ debtorTotalAmount: '5', branchCode: '12', bankCode: { code: '062' } });
  });

  it('takes every shared fact from the lower-camel block when it has one, even where only the other has a value', () => {
    const item = FacilityItem.parse({
      bankCode: '62',
      debtorTotalAmount: '5',
      branchCode: '',
      FacilityBankCode: '57',
      FacilityDebtorTotalAmount: '9',
      FacilityBranchCode: '12',
      FacilityBranch: 'Tehran',
      FacilityRequestNo: '77',
    });
    expect(item).toMatchObject({
      bankCode: { code: '062' },
      debtorTotalAmount: '5',
      branchCode: null,
      branchDescription: null,
      FacilityRequestNo: '77',
    });
  });

  it('leaves the twin unread when the member has a value, and refuses an unreadable member', () => {
    expect(FacilityItem.parse({ benefitAmount: '7', FacilityBenefitAmount: '-' })).toMatchObject({
      benefitAmount: '7',
    });
    expect(FacilityItem.safeParse({ benefitAmount: 'ten', FacilityBenefitAmount: '7' }).success).toBe(false);
    expect(FacilityItem.safeParse({ FacilityBenefitAmount: '-' }).error?.issues[0]?.path).toEqual(['benefitAmount']);
  });
});
