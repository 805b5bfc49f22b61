import { describe, expect, it } from 'vitest';
import {
  billIdCheckDigit,
  checkBillInquiry,
  isValidBillId,
  isValidLandline,
  isValidNationalId,
  mobileOperatorOf,
} from '../../sandbox/validation.js';
import { INQUIRY_BILL_TYPES } from '../../sandbox/billTypes.js';

describe('billIdCheckDigit', () => {
  it('weights the digits 2..7 from the right and maps the remainder mod 11', () => {
    // 1·2+0·3+0·4+7·5+6·6+5·7+4·2+3·3+2·4+1·5 = 138; 138 mod 11 = 6; 11 − 6 = 5
    expect(billIdCheckDigit('1234567001')).toBe(5);
  });

  it('restarts the weights at 2 after 7', () => {
    // the leading 1 is the 7th digit from the right: weight 2, sum 2, check 9 (weight 8 would give 3)
    expect(billIdCheckDigit('1000000')).toBe(9);
  });

  it('gives 0 for remainders 0 and 1', () => {
    expect(billIdCheckDigit('00000')).toBe(0); // sum 0
    expect(billIdCheckDigit('6')).toBe(0); // sum 12, remainder 1
    expect(billIdCheckDigit('5')).toBe(1); // sum 10, remainder 10
  });
});

describe('isValidBillId', () => {
  it('accepts 6 to 13 digits ending in the right check digit', () => {
    expect(isValidBillId('12345670015')).toBe(true);
    expect(isValidBillId('100005')).toBe(true); // 1·6 = 6, remainder 6, check 5
  });

  it.each([
    ['wrong check digit', '12345670016'],
    ['5 digits', '10009'],
    ['14 digits', '12345678901234'],
    ['letters', '12345a70015'],
    ['empty', ''],
  ])('rejects %s', (_, value) => {
    expect(isValidBillId(value)).toBe(false);
  });

  it('accepts exactly the check digit billIdCheckDigit gives, at both length limits', () => {
    for (const body of ['10000', '123456789012']) {
      const check = billIdCheckDigit(body);
      expect(isValidBillId(body + String(check))).toBe(true);
      expect(isValidBillId(body + String((check + 1) % 10))).toBe(false);
    }
  });
});

describe('isValidNationalId', () => {
  it('accepts ids whose check digit is 11 − r', () => {
    expect(isValidNationalId('0499370899')).toBe(true); // s = 266, r = 2, check 9
  });

  it('accepts ids whose check digit equals r when r < 2', () => {
    expect(isValidNationalId('1000000011')).toBe(true); // s = 1·10 + 1·2 = 12, r = 1, check 1
    expect(isValidNationalId('1000000060')).toBe(true); // s = 1·10 + 6·2 = 22, r = 0, check 0
    expect(isValidNationalId('1000000010')).toBe(false); // r = 1 but check 0
  });

  it.each([
    ['a wrong check digit', '0499370898'],
    ['all the same digit, even with a fitting checksum', '1111111111'],
    ['9 digits', '049937089'],
    ['11 digits', '04993708990'],
    ['letters', '04993708a9'],
  ])('rejects %s', (_, value) => {
    expect(isValidNationalId(value)).toBe(false);
  });
});

describe('isValidLandline', () => {
  it('accepts 0 + 10 digits with a real area code', () => {
    expect(isValidLandline('02177689361')).toBe(true);
    expect(isValidLandline('08338221234')).toBe(true);
  });

  it.each([
    ['an unknown area code', '02077689361'],
    ['a mobile number', '09121234567'],
    ['10 digits', '0217768936'],
    ['12 digits', '021776893611'],
    ['no leading 0', '21776893611'],
  ])('rejects %s', (_, value) => {
    expect(isValidLandline(value)).toBe(false);
  });
});

describe('mobileOperatorOf', () => {
  it.each([
    ['09101234567', 'MCI'],
    ['09191234567', 'MCI'],
    ['09901234567', 'MCI'],
    ['09941234567', 'MCI'],
    ['09301234567', 'MTN'],
    ['09331234567', 'MTN'],
    ['09351234567', 'MTN'],
    ['09391234567', 'MTN'],
    ['09001234567', 'MTN'],
    ['09051234567', 'MTN'],
    ['09411234567', 'MTN'],
    ['09201234567', 'Rightel'],
    ['09221234567', 'Rightel'],
  ])('%s belongs to %s', (mobile, operator) => {
    expect(mobileOperatorOf(mobile)).toBe(operator);
  });

  it.each([
    '09231234567',
    '09311234567',
    '09341234567',
    '09061234567',
    '09401234567',
    '09951234567',
    '0912123456',
    '9121234567',
  ])('%s has no operator', (mobile) => {
    expect(mobileOperatorOf(mobile)).toBeUndefined();
  });
});

describe('checkBillInquiry', () => {
  it('keeps the operator of a mobile inquiry', () => {
    expect(
      checkBillInquiry({ type: 'Mobile', parameter: '09351234567', secondParameter: 'MTN' }, INQUIRY_BILL_TYPES),
    ).toEqual({
      ok: true,
      input: { type: 'Mobile', parameter: '09351234567', secondParameter: 'MTN' },
    });
  });

  it('treats an empty secondParameter as absent', () => {
    expect(
      checkBillInquiry({ type: 'Water', parameter: '12345670015', secondParameter: '' }, INQUIRY_BILL_TYPES),
    ).toEqual({
      ok: true,
      input: { type: 'Water', parameter: '12345670015' },
    });
  });
});
