/** People and companies named by registry records become entity keys in the form callers give them. */
import { describe, expect, it } from 'vitest';
import { companyFromRecord, personFromRecord, personMobileFromRecord } from '../../src/resolvers/companies/people.js';
import { samples } from '../helpers/samples.js';

const persian = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

describe('keys from registry records', () => {
  it('are canonical: ASCII digits, trimmed, a mobile as 09…', () => {
    expect(personFromRecord(` ${persian(samples.nationalId)} `)).toEqual({ nationalId: samples.nationalId });
    expect(personMobileFromRecord(persian(samples.nationalId), '+989121234567')).toEqual({
      nationalId: samples.nationalId,
      mobile: '09121234567',
    });
    expect(companyFromRecord(persian('10100001478'))).toEqual({ nationalId: '10100001478' });
  });

  it('are null when the record gives none or an invalid one', () => {
    expect(personFromRecord(null)).toBeNull();
    expect(personFromRecord('1234567890')).toBeNull();
    expect(personMobileFromRecord(samples.nationalId, null)).toBeNull();
    expect(personMobileFromRecord(samples.nationalId, '0912')).toBeNull();
    expect(companyFromRecord('12345678901')).toBeNull();
  });
});
