import { describe, expect, it } from 'vitest';
import { COMPANY_SAMPLES, sanaRegisteredOf, WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError } from '../helpers/responses.js';

const h = useHarness();

const SANA = `query($code: String!, $type: SanaIdentificationType!) {
  sanaRegistration(identificationCode: $code, identificationType: $type) { registered message }
}`;

/** A foreign national's comprehensive number. */
const FOREIGNER = '123456789012';

describe('Sana registration by identification code', () => {
  it.each([
    ['NATIONAL_ID', WOMAN.nationalId, '1'],
    ['LEGAL_ID', COMPANY_SAMPLES.active.nationalId, '2'],
    ['FOREIGN_NATURAL', FOREIGNER, '3'],
    ['FOREIGN_LEGAL', '98765432', '4'],
  ])('asks by a %s with its type code', async (type, code, wire) => {
    const res = await h.gql<{ sanaRegistration: { registered: boolean; message: string } }>(SANA, { code, type });
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).sanaRegistration.registered).toBe(sanaRegisteredOf(code));
    expect(dataOf(res).sanaRegistration.message).toEqual(expect.any(String));
    const calls = h.upstreamCalls('kycCcSanaInquiryGet');
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).query).toMatchObject({ nationalCode: code, identificationCodeType: wire });
  });

  it.each([
    ['NATIONAL_ID', '1234567890'],
    ['NATIONAL_ID', COMPANY_SAMPLES.active.nationalId],
    ['LEGAL_ID', WOMAN.nationalId],
    ['FOREIGN_NATURAL', '1234567'],
    ['FOREIGN_LEGAL', '12345678901234567'],
    ['FOREIGN_NATURAL', '12ab5678'],
  ])('refuses a %s code %s before any upstream call', async (type, code) => {
    const res = await h.gql(SANA, { code, type });
    expect(firstError(res).extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argumentPath: 'identificationCode',
    });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it("asks a company's own registration by its legal id", async () => {
    const company = COMPANY_SAMPLES.active.nationalId;
    const res = await h.gql<{ company: { sanaRegistration: { registered: boolean } } }>(
      `{ company(nationalId: "${company}") { sanaRegistration { registered } } }`,
    );
    expect(dataOf(res).company.sanaRegistration.registered).toBe(sanaRegisteredOf(company));
    const calls = h.upstreamCalls('kycCcSanaInquiryGet');
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).query).toMatchObject({ nationalCode: company, identificationCodeType: '2' });
  });

  it("still asks a person's own registration as a national id", async () => {
    const res = await h.gql(`{ person(nationalId: "${WOMAN.nationalId}") { sanaRegistration { registered } } }`);
    expect(res.errors).toBeUndefined();
    expect(at(h.upstreamCalls('kycCcSanaInquiryGet'), 0).query).toMatchObject({ identificationCodeType: '1' });
  });
});
