/** The credit records of the fictional world and its credit samples. */
import { describe, expect, it } from 'vitest';
import {
  CREDIT_SAMPLES,
  GUARANTEE_SAMPLES,
  bouncedChequesOf,
  chequeColourOf,
  facilitiesOf,
  facilityTotals,
  guaranteeOf,
  guarantiesOf,
} from '../../sandbox/world/index.js';

const COLOUR_CODE = { WHITE: '1', YELLOW: '2', ORANGE: '3', BROWN: '4', RED: '5' } as const;
const cheques = (amounts: number[]) => amounts.map((millions) => ({ amount: String(millions * 1_000_000) }));

describe('the cheque colour rules', () => {
  it.each([
    ['no cheques', '1', []],
    ['one small cheque', '2', [10]],
    ['one cheque of 60M', '3', [60]],
    ['three small cheques', '3', [1, 1, 1]],
    ['two cheques totalling 300M', '4', [150, 150]],
    ['six small cheques', '4', [1, 1, 1, 1, 1, 1]],
    ['eleven small cheques', '5', Array.from({ length: 11 }, () => 1)],
    ['one cheque over 500M', '5', [501]],
  ])('%s gives colour code %s', (_, code, amounts) => {
    expect(chequeColourOf(cheques(amounts))).toBe(code);
  });
});

describe('credit samples', () => {
  it.each(Object.entries(CREDIT_SAMPLES))('%s has the records it claims', (_, sample) => {
    expect(facilitiesOf(sample.nationalId)).toHaveLength(sample.facilities);
    const bounced = bouncedChequesOf(sample.nationalId);
    expect(bounced).toHaveLength(sample.bouncedCheques);
    expect(chequeColourOf(bounced)).toBe(COLOUR_CODE[sample.colour]);
  });

  it('makes the borrower a bad debtor and the clean guarantor a guarantor of loans that exist', () => {
    expect(facilityTotals(facilitiesOf(CREDIT_SAMPLES.borrower.nationalId)).dishonoured).toBe(
      CREDIT_SAMPLES.borrower.dishonoured,
    );
    expect(guarantiesOf(CREDIT_SAMPLES.borrower.nationalId)).toEqual([]);
    const guaranties = guarantiesOf(CREDIT_SAMPLES.cleanGuarantor.nationalId);
    expect(guaranties).toHaveLength(CREDIT_SAMPLES.cleanGuarantor.guaranteedLoans);
    for (const { debtor, facility } of guaranties) {
      expect(debtor.nationalId).not.toBe(CREDIT_SAMPLES.cleanGuarantor.nationalId);
      expect(facilitiesOf(debtor.nationalId)).toContainEqual(facility);
    }
  });

  it('has the guarantees it names, and none for the unknown id', () => {
    expect(guaranteeOf(GUARANTEE_SAMPLES.withCollaterals.guaranteeId)?.collaterals).toHaveLength(
      GUARANTEE_SAMPLES.withCollaterals.collaterals,
    );
    expect(guaranteeOf(GUARANTEE_SAMPLES.withoutCollaterals.guaranteeId)?.collaterals).toHaveLength(0);
    expect(guaranteeOf(GUARANTEE_SAMPLES.unknown)).toBeUndefined();
  });

  it('is deterministic', () => {
    expect(bouncedChequesOf(CREDIT_SAMPLES.company.nationalId)).toEqual(
      bouncedChequesOf(CREDIT_SAMPLES.company.nationalId),
    );
    expect(facilitiesOf(CREDIT_SAMPLES.borrower.nationalId)).toEqual(facilitiesOf(CREDIT_SAMPLES.borrower.nationalId));
  });
});
