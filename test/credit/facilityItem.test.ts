/** A facility item's two blocks: the lower-camel member, or its PascalCase twin when that has no value. */
import { describe, expect, it } from 'vitest';
import { FacilityItem } from '../../src/datasources/records/credit.js';

describe('a facility item', () => {
  it('reads a member from its PascalCase twin when the member is absent or blank', () => {
    const item = FacilityItem.parse({
      debtorTotalAmount: '',
      FacilityDebtorTotalAmount: '5',
      FacilityBranchCode: '12',
      bankCode: 'x',
      FacilityBankCode: 62,
    });
    expect(item).toMatchObject({ debtorTotalAmount: '5', branchCode: '12', bankCode: { code: '062' } });
  });

  it('leaves the twin unread when the member has a value, and refuses an unreadable member', () => {
    expect(FacilityItem.parse({ benefitAmount: '7', FacilityBenefitAmount: '-' })).toMatchObject({
      benefitAmount: '7',
    });
    expect(FacilityItem.safeParse({ benefitAmount: 'ten', FacilityBenefitAmount: '7' }).success).toBe(false);
    expect(FacilityItem.safeParse({ FacilityBenefitAmount: '-' }).error?.issues[0]?.path).toEqual(['benefitAmount']);
  });
});
