import { describe, expect, it } from 'vitest';
import { CLIENT_PERSON, DEAD, JOINT_HOLDER, THREE_BANKS, WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { jalaliDaysAhead } from '../helpers/dates.js';
import { at, dataOf, firstError } from '../helpers/responses.js';

const h = useHarness();

const person = async <T>(nationalId: string, selection: string) => {
  const res = await h.gql<{ person: T }>(`query($n: String!) { person(nationalId: $n) { ${selection} } }`, {
    n: nationalId,
  });
  return res;
};

describe('civil identity', () => {
  it('reads the civil-registry record by national id and birth date', async () => {
    const res = await person<{ identity: Record<string, unknown> }>(
      WOMAN.nationalId,
      `identity(birthDate: "${WOMAN.birthDate}") { nationalId firstName lastName fatherName birthDate { jalali iso } gender alive identityNumber }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.identity).toMatchObject({
      nationalId: WOMAN.nationalId,
      firstName: WOMAN.firstName,
      lastName: WOMAN.lastName,
      birthDate: { jalali: WOMAN.birthDate },
      gender: 'FEMALE',
      alive: true,
      identityNumber: '0',
    });
    const call = at(h.upstreamCalls(), 0);
    expect(call.operationId).toBe('facilityCcNidInquiryGet');
    expect(call.path).toBe(
      `/facility/v2/clients/${h.sandbox.options.clientId}/users/${WOMAN.nationalId}/cc/nidInquiry`,
    );
    expect(call.query.birthDate).toBe(WOMAN.birthDate);
  });

  it("answers null from the civil registry for a birth date that is not the person's", async () => {
    const res = await person<{ civilRegistry: unknown }>(
      JOINT_HOLDER.nationalId,
      `civilRegistry(birthDate: "1370/01/01") { firstName }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.civilRegistry).toBeNull();
  });

  it('reports a dead person as not alive in every registry answer', async () => {
    const res = await person<{ identity: { alive: boolean }; lifeStatus: { alive: boolean } }>(
      DEAD.nationalId,
      `identity(birthDate: "${DEAD.birthDate}") { alive } lifeStatus(birthDate: "${DEAD.birthDate}") { alive trackingCode }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.identity.alive).toBe(false);
    expect(dataOf(res).person.lifeStatus.alive).toBe(false);
  });

  it.each([
    ['an impossible Persian date', '1402/12/30'],
    ['a Gregorian date', '1990-05-01'],
    ['a birth year like 1500', '1500/01/01'],
    ['a year before 1300', '1299/12/29'],
    ['a day after today', jalaliDaysAhead(2)],
  ])('refuses %s as a birth date before any upstream call', async (_, birthDate) => {
    const res = await person(WOMAN.nationalId, `identity(birthDate: "${birthDate}") { firstName }`);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'birthDate' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('identity checks', () => {
  it('scores only the details given against the civil registry', async () => {
    const res = await person<{ identityMatch: Record<string, unknown> }>(
      CLIENT_PERSON.nationalId,
      `identityMatch(birthDate: "${CLIENT_PERSON.birthDate}", firstName: "${CLIENT_PERSON.firstName}", lastName: "نامی دیگر", gender: FEMALE) {
        firstNameSimilarity lastNameSimilarity fullNameSimilarity genderSimilarity alive }`,
    );
    expect(res.errors).toBeUndefined();
    const match = dataOf(res).person.identityMatch;
    expect(match.firstNameSimilarity).toBe(100);
    expect(match.lastNameSimilarity).toBeLessThan(100);
    expect(match.fullNameSimilarity).toBeNull();
    expect(match.genderSimilarity).toBe(100);
    const call = at(h.upstreamCalls(), 0);
    expect(call.query).toMatchObject({
      birthDate: CLIENT_PERSON.birthDate,
      firstName: CLIENT_PERSON.firstName,
      gender: 'زن',
    });
    expect(call.query).not.toHaveProperty('fullName');
  });

  it.each([
    ['a control character', 'firstName', 'مر\\u0007یم'],
    ['a line break', 'lastName', 'احمدی\\nمحمدی'],
    ['a right-to-left override', 'fullName', 'مریم \\u202Eاحمدی'],
    ['digits', 'firstName', 'R2D2'],
  ])('refuses a name with %s before any upstream call', async (_, argument, value) => {
    const res = await person(
      CLIENT_PERSON.nationalId,
      `identityMatch(birthDate: "${CLIENT_PERSON.birthDate}", ${argument}: "${value}") { alive }`,
    );
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: argument });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('needs at least one name to match', async () => {
    const res = await person(
      CLIENT_PERSON.nationalId,
      `identityMatch(birthDate: "${CLIENT_PERSON.birthDate}", fatherName: "علی") { alive }`,
    );
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'fullName' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('answers the registry checks of a person', async () => {
    const res = await person<Record<string, unknown>>(
      JOINT_HOLDER.nationalId,
      `militaryService { allowed condition caseType }
       ownsMobile(mobile: "${JOINT_HOLDER.mobile}")
       notTheirs: ownsMobile(mobile: "${WOMAN.mobile}")
       shahab(birthDate: "${JOINT_HOLDER.birthDate}", identityNumber: "${JOINT_HOLDER.identityNo}") { code confirmed firstName gender }
       bankBlacklist { blocked }
       passport(mobile: "${JOINT_HOLDER.mobile}") { hasPassport }
       sanaRegistration { registered }`,
    );
    expect(res.errors).toBeUndefined();
    const p = dataOf(res).person;
    expect(p.militaryService).toMatchObject({ allowed: true, condition: 'ALLOWED' });
    expect(p.ownsMobile).toBe(true);
    expect(p.notTheirs).toBe(false);
    expect(p.shahab).toMatchObject({
      code: expect.stringMatching(/^\d{16}$/),
      firstName: JOINT_HOLDER.firstName,
      gender: 'MALE',
    });
    expect(typeof (p.bankBlacklist as { blocked: boolean }).blocked).toBe('boolean');
    const shahabCall = at(h.upstreamCalls('oakShahabInquiryGet'), 0);
    expect(shahabCall.query).toMatchObject({
      birthDate: JOINT_HOLDER.birthDate.replaceAll('/', ''),
      identityNo: JOINT_HOLDER.identityNo,
    });
  });

  it('matches accounts and cards to their owners', async () => {
    const res = await h.gql<Record<string, unknown>>(`{
      own: account(iban: "${JOINT_HOLDER.account.iban}") { ownership(nationalId: "${JOINT_HOLDER.nationalId}") }
      coOwner: account(iban: "${JOINT_HOLDER.account.iban}") { ownership(nationalId: "${JOINT_HOLDER.coOwner}") }
      stranger: account(iban: "${JOINT_HOLDER.account.iban}") { ownership(nationalId: "${WOMAN.nationalId}", birthDate: "${WOMAN.birthDate}") }
      card(number: "${THREE_BANKS.account.card}") {
        ownedBy(nationalId: "${THREE_BANKS.nationalId}")
        notOwnedBy: ownedBy(nationalId: "${WOMAN.nationalId}")
        belongsToMobileOwner(mobile: "${THREE_BANKS.mobile}")
      }
    }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      own: { ownership: 'YES' },
      coOwner: { ownership: 'MOST_PROBABLE' },
      stranger: { ownership: 'NO' },
      card: { ownedBy: true, notOwnedBy: false, belongsToMobileOwner: true },
    });
    expect(h.upstreamCalls('kycIbanOwnerBirthdateVerificationGet')).toHaveLength(1);
    expect(h.upstreamCalls('kycIbanOwnerVerificationGet')).toHaveLength(2);
  });

  it("requires the person's consent for the SMS-confirmed variants, with no upstream call", async () => {
    const res = await person(WOMAN.nationalId, `identityConfirmedBySms(birthDate: "${WOMAN.birthDate}") { firstName }`);
    expect(firstError(res).extensions).toMatchObject({
      code: 'CONSENT_REQUIRED',
      scope: 'facility:sms-nid-inquiry:get',
    });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('fan-out', () => {
  it('asks once per distinct person however many times each is asked for', async () => {
    const people = [WOMAN, JOINT_HOLDER, DEAD];
    const aliases = Array.from(
      { length: 20 },
      (_, i) =>
        `p${i}: person(nationalId: "${at(people, i % 3).nationalId}") { militaryService { allowed } bankBlacklist { blocked } }`,
    );
    const res = await h.gql(`{ ${aliases.join('\n')} }`);
    expect(res.errors).toBeUndefined();
    expect(h.upstreamCalls('kycMilitaryInquiryGet')).toHaveLength(3);
    expect(h.upstreamCalls('oakBlacklistInquiryGet')).toHaveLength(3);
    expect(h.upstreamCalls()).toHaveLength(6);
  });
});
