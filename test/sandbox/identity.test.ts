/** Civil-registry operations over HTTP: exact shapes, JSON types, refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import {
  CLIENT_PERSON,
  DEAD,
  INVALID,
  JOINT_HOLDER,
  REGISTRY_SAMPLES,
  THREE_BANKS,
  WOMAN,
  personOf,
  shahabCodeOf,
} from '../../sandbox/world/index.js';
import { errorOf, issueToken, resultOf } from './support.js';
import { callWorld, issueSmsToken, issueWorldToken, shapeOf, type WorldCall } from './worldSupport.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = await issueWorldToken(sandbox);
});

afterAll(async () => {
  await sandbox.close();
});

const smsTokens = new Map<string, Promise<string>>();

/** Operations under the SMS grant get a token of the person in their path. */
function tokenFor(id: OperationId, request: WorldCall): Promise<string> {
  if (operation(id).grant !== 'authorization_sms') return Promise.resolve(token);
  const nid = request.path?.['nid'] ?? '';
  if (!smsTokens.has(nid)) smsTokens.set(nid, issueSmsToken(sandbox, nid));
  return smsTokens.get(nid)!;
}

const call = async (id: OperationId, request: WorldCall = {}) =>
  callWorld(sandbox, await tokenFor(id, request), id, request);
const result = async (id: OperationId, request: WorldCall = {}) => resultOf(await call(id, request));
const invalid = (message: string, responseCode?: string) => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message,
  ...(responseCode ? { responseCode } : {}),
});
const refusal = async (id: OperationId, request: WorldCall) => {
  const response = await call(id, request);
  const responseCode = response.body['responseCode'];
  return { ...errorOf(response), ...(typeof responseCode === 'string' ? { responseCode } : {}) };
};

const IDENTITY_SHAPE = {
  nationalId: 'string',
  firstName: 'string',
  lastName: 'string',
  fatherName: 'string',
  birthDate: 'string',
  gender: 'string',
  deathStatus: 'string',
  identityNo: 'string',
  identitySeri: 'string',
  identitySerial: 'string',
  officeName: 'string',
  officeCode: 'string',
  operationStatus: 'string',
  trackingCode: 'string',
};

describe('identificationInquiry and nidInquiry', () => {
  it('answers the civil record for the right birth date', async () => {
    const record = await result('kycIdentificationInquiryGet', {
      query: { nationalCode: DEAD.nationalId, birthDate: DEAD.birthDate },
    });
    expect(shapeOf(record)).toEqual(IDENTITY_SHAPE);
    expect(record).toMatchObject({
      nationalId: DEAD.nationalId,
      firstName: 'شیرین',
      lastName: 'صادقی',
      birthDate: '1365/03/28',
      gender: 'زن',
      deathStatus: 'مرده',
      identityNo: '879',
      operationStatus: 'DONE',
    });
    expect(record['officeCode']).toMatch(/^\d{4}$/);
    expect(record['trackingCode']).toMatch(/^\d{12}$/);
  });

  it('gives identity number 0 to people born after 1368', async () => {
    const record = await result('kycIdentificationInquiryGet', {
      query: { nationalCode: WOMAN.nationalId, birthDate: WOMAN.birthDate },
    });
    expect(record).toMatchObject({ identityNo: '0', deathStatus: 'زنده' });
  });

  it('answers an all-null record when the birth date is not the person’s', async () => {
    const record = await result('kycIdentificationInquiryGet', {
      query: { nationalCode: DEAD.nationalId, birthDate: '1365/03/27' },
    });
    expect(Object.keys(record).sort()).toEqual(Object.keys(IDENTITY_SHAPE).sort());
    expect(Object.values(record).every((value) => value === null)).toBe(true);
  });

  it.each(['facilityCcNidInquiryGet', 'facilitySmsNidInquiryGet'] as const)(
    '%s answers the same record by path',
    async (id) => {
      const record = await result(id, {
        path: { nid: CLIENT_PERSON.nationalId },
        query: { birthDate: CLIENT_PERSON.birthDate },
      });
      const registry = await result('kycIdentificationInquiryGet', {
        query: { nationalCode: CLIENT_PERSON.nationalId, birthDate: CLIENT_PERSON.birthDate },
      });
      expect(shapeOf(record)).toEqual(IDENTITY_SHAPE);
      const { trackingCode: _a, ...rest } = record;
      const { trackingCode: _b, ...expected } = registry;
      expect(rest).toEqual(expected);
    },
  );

  it.each([
    [
      'a birth date that is not the person’s',
      { nid: CLIENT_PERSON.nationalId },
      { birthDate: '1349/06/28' },
      'birthDate does not match',
    ],
    ['no birth date', { nid: CLIENT_PERSON.nationalId }, {}, 'birthDate is required'],
    [
      'a birth date with dashes',
      { nid: CLIENT_PERSON.nationalId },
      { birthDate: '1349-06-29' },
      'تاریخ تولد نامعتبر است',
    ],
    ['day 31 of month 7', { nid: CLIENT_PERSON.nationalId }, { birthDate: '1349/07/31' }, 'تاریخ تولد نامعتبر است'],
    ['an invalid national id', { nid: INVALID.nationalId }, { birthDate: '1349/06/29' }, 'invalid nid'],
    ['a repeated-digit national id', { nid: INVALID.repeatedNationalId }, { birthDate: '1349/06/29' }, 'invalid nid'],
  ])('nidInquiry refuses %s', async (_, path, query, message) => {
    expect(await refusal('facilityCcNidInquiryGet', { path, query })).toEqual(invalid(message));
  });

  it('identificationInquiry refuses an invalid national code', async () => {
    expect(
      await refusal('kycIdentificationInquiryGet', {
        query: { nationalCode: INVALID.nationalId, birthDate: '1349/06/29' },
      }),
    ).toEqual(invalid('invalid nationalCode'));
  });
});

describe('nidVerification (cc and sms)', () => {
  const shape = {
    nationalCode: 'string',
    birthDate: 'string',
    status: 'string',
    fullName: 'null',
    fullNameSimilarity: 'null',
    firstName: 'string',
    firstNameSimilarity: 'number',
    lastName: 'string',
    lastNameSimilarity: 'number',
    fatherName: 'null',
    fatherNameSimilarity: 'null',
    gender: 'string',
    genderSimilarity: 'number',
    deathStatus: 'string',
    trackingCode: 'string',
  };

  it.each(['facilityCcNidVerificationGet', 'kycSmsNidVerificationGet'] as const)(
    '%s scores only the fields sent',
    async (id) => {
      const answer = await result(id, {
        path: { nid: CLIENT_PERSON.nationalId },
        query: { birthDate: CLIENT_PERSON.birthDate, firstName: 'ریحانه', lastName: 'رحیمیان', gender: 'زن' },
      });
      expect(shapeOf(answer)).toEqual(shape);
      expect(answer).toMatchObject({
        nationalCode: CLIENT_PERSON.nationalId,
        status: 'DONE',
        firstNameSimilarity: 100,
        genderSimilarity: 100,
        deathStatus: 'زنده',
      });
      expect(answer['lastNameSimilarity']).toBeGreaterThan(50);
      expect(answer['lastNameSimilarity']).toBeLessThan(100);
    },
  );

  it('scores a full name and father name, 100 only when exact, and a wrong gender 0', async () => {
    const person = personOf(JOINT_HOLDER.nationalId);
    const answer = await result('facilityCcNidVerificationGet', {
      path: { nid: person.nationalId },
      query: {
        birthDate: person.birthDate,
        fullName: `${person.firstName} ${person.lastName}`,
        fatherName: `${person.fatherName}ی`,
        gender: 'زن',
      },
    });
    expect(answer).toMatchObject({
      fullNameSimilarity: 100,
      genderSimilarity: 0,
      firstName: null,
      lastNameSimilarity: null,
    });
    expect(answer['fatherNameSimilarity']).toBeLessThan(100);
    const again = await result('facilityCcNidVerificationGet', {
      path: { nid: person.nationalId },
      query: {
        birthDate: person.birthDate,
        fullName: `${person.firstName} ${person.lastName}`,
        fatherName: `${person.fatherName}ی`,
        gender: 'زن',
      },
    });
    expect(again).toEqual(answer);
  });

  it('finds no record for a birth date that is not the person’s', async () => {
    const answer = await result('facilityCcNidVerificationGet', {
      path: { nid: WOMAN.nationalId },
      query: { birthDate: '1369/03/21', firstName: 'یاسمن' },
    });
    expect(answer).toMatchObject({ firstNameSimilarity: 0, deathStatus: null, description: 'رکوردی یافت نشد' });
  });

  it.each([
    [
      'no name',
      { birthDate: CLIENT_PERSON.birthDate, gender: 'زن' },
      'at least one of fullName, firstName and lastName is required',
    ],
    ['no birth date', { firstName: 'ریحانه' }, 'birthDate is required'],
    [
      'an unknown gender',
      { birthDate: CLIENT_PERSON.birthDate, firstName: 'ریحانه', gender: 'female' },
      'invalid gender',
    ],
  ])('refuses %s', async (_, query, message) => {
    expect(await refusal('kycSmsNidVerificationGet', { path: { nid: CLIENT_PERSON.nationalId }, query })).toEqual(
      invalid(message),
    );
  });
});

describe('registries', () => {
  it('military: women and men born before 1350 are allowed', async () => {
    for (const nid of [WOMAN.nationalId, JOINT_HOLDER.nationalId]) {
      const answer = await result('kycMilitaryInquiryGet', { query: { nationalCode: nid } });
      expect(shapeOf(answer)).toEqual({
        conversationId: 'string',
        type: 'string',
        condition: 'string',
        conditionDescription: 'string',
        isAllowed: 'boolean',
      });
      expect(answer).toMatchObject({ type: 'EXCEPTION', condition: 'ALLOWED', isAllowed: true });
    }
  });

  it('military: a younger man has an ordinary status', async () => {
    expect(await result('kycMilitaryInquiryGet', { query: { nationalCode: THREE_BANKS.nationalId } })).toMatchObject({
      type: 'ORDINARY',
      condition: 'ALLOWED',
      conditionDescription: 'دارای کارت پایان خدمت',
      isAllowed: true,
    });
  });

  it('military: a man who still owes service is not allowed', async () => {
    expect(
      await result('kycMilitaryInquiryGet', { query: { nationalCode: REGISTRY_SAMPLES.conscript } }),
    ).toMatchObject({
      type: 'ORDINARY',
      condition: 'NOT_ALLOWED',
      isAllowed: false,
    });
    expect(await refusal('kycMilitaryInquiryGet', { query: { nationalCode: INVALID.nationalId } })).toEqual(
      invalid('invalid nationalCode'),
    );
  });

  it('deathStatus: dead and alive, refusing a birth date that does not match', async () => {
    const dead = await result('kycDeathStatusInquiryGet', {
      query: { nationalCode: DEAD.nationalId, birthDate: DEAD.birthDate },
    });
    expect(shapeOf(dead)).toEqual({ deathStatus: 'string', trackingCode: 'string' });
    expect(dead['deathStatus']).toBe('مرده');
    expect(
      (
        await result('kycDeathStatusInquiryGet', {
          query: { nationalCode: WOMAN.nationalId, birthDate: WOMAN.birthDate },
        })
      )['deathStatus'],
    ).toBe('زنده');
    expect(
      await refusal('kycDeathStatusInquiryGet', { query: { nationalCode: WOMAN.nationalId, birthDate: '1369/03/23' } }),
    ).toEqual(invalid('birthDate does not match'));
  });

  it.each(['oakShahabInquiryGet', 'oakSmsShahabInquiryGet'] as const)(
    '%s answers the 16-digit Shahab code',
    async (id) => {
      const answer = await result(id, { path: { nid: WOMAN.nationalId }, query: { birthDate: '13690322' } });
      expect(shapeOf(answer)).toEqual({
        nid: 'string',
        birthDate: 'string',
        shahabCode: 'string',
        identityNo: 'string',
        firstName: 'string',
        lastName: 'string',
        fatherName: 'string',
        gender: 'string',
        isConfirmed: 'string',
      });
      expect(answer).toMatchObject({
        nid: WOMAN.nationalId,
        birthDate: '13690322',
        identityNo: '0',
        gender: 'F',
        isConfirmed: 'Y',
        shahabCode: shahabCodeOf(WOMAN.nationalId),
      });
      expect(answer['shahabCode']).toMatch(/^\d{16}$/);
    },
  );

  it('Shahab needs the identity number of people born before 1368, and the YYYYMMDD birth date', async () => {
    const nid = JOINT_HOLDER.nationalId;
    expect(await refusal('oakShahabInquiryGet', { path: { nid }, query: { birthDate: '13410320' } })).toEqual(
      invalid('identityNo is required'),
    );
    expect(
      await refusal('oakShahabInquiryGet', { path: { nid }, query: { birthDate: '13410320', identityNo: '1' } }),
    ).toEqual(invalid('identityNo does not match'));
    expect(
      await refusal('oakShahabInquiryGet', {
        path: { nid },
        query: { birthDate: '1341/03/20', identityNo: JOINT_HOLDER.identityNo },
      }),
    ).toEqual(invalid('تاریخ تولد نامعتبر است'));
    expect(
      await result('oakShahabInquiryGet', {
        path: { nid },
        query: { birthDate: '13410320', identityNo: JOINT_HOLDER.identityNo },
      }),
    ).toMatchObject({ gender: 'M' });
    expect(
      await result('oakShahabInquiryGet', {
        path: { nid: DEAD.nationalId },
        query: { birthDate: '13650328', identityNo: '879' },
      }),
    ).toMatchObject({ isConfirmed: 'N' });
  });

  it('blacklist: needs a trackId', async () => {
    const answer = await result('oakBlacklistInquiryGet', {
      query: { nid: CLIENT_PERSON.nationalId, trackId: 'blacklist-1' },
    });
    expect(shapeOf(answer)).toEqual({ isBlocked: 'boolean', nid: 'string', message: 'string' });
    expect(answer).toMatchObject({ isBlocked: false, nid: CLIENT_PERSON.nationalId });
    const blocked = await result('oakBlacklistInquiryGet', {
      query: { nid: REGISTRY_SAMPLES.blacklisted, trackId: 'blacklist-2' },
    });
    expect(blocked).toMatchObject({ isBlocked: true, nid: REGISTRY_SAMPLES.blacklisted });
    expect(blocked['message']).not.toBe(answer['message']);
    expect(await refusal('oakBlacklistInquiryGet', { query: { nid: CLIENT_PERSON.nationalId } })).toEqual(
      invalid('trackId is required'),
    );
  });

  it('passport: for the person’s own mobile, with a trackId', async () => {
    const none = await result('kycPassportInquiryPost', {
      query: { trackId: 'passport-1' },
      body: { nationalCode: CLIENT_PERSON.nationalId, mobile: CLIENT_PERSON.mobile },
    });
    expect(shapeOf(none)).toEqual({
      passportRequest: 'boolean',
      requestDescription: 'null',
      requestDate: 'null',
      passportSerial: 'null',
      hasPassport: 'boolean',
      passportNumber: 'null',
      issueDate: 'null',
      validityDate: 'null',
      passportStatus: 'null',
    });
    const holder = personOf(REGISTRY_SAMPLES.passportHolder);
    const withPassport = await result('kycPassportInquiryPost', {
      query: { trackId: 'passport-2' },
      body: { nationalCode: holder.nationalId, mobile: holder.mobile },
    });
    expect(shapeOf(withPassport)).toEqual({
      passportRequest: 'boolean',
      requestDescription: 'null',
      requestDate: 'null',
      passportSerial: 'string',
      hasPassport: 'boolean',
      passportNumber: 'string',
      issueDate: 'string',
      validityDate: 'string',
      passportStatus: 'string',
    });
    expect(withPassport).toMatchObject({ hasPassport: true, passportStatus: 'معتبر' });
    expect(withPassport['passportNumber']).toMatch(/^[A-Z]\d{8}$/);
    expect(withPassport['issueDate']).toMatch(/^14\d\d\/\d\d\/\d\d$/);
    expect(
      await refusal('kycPassportInquiryPost', {
        query: { trackId: 'passport-3' },
        body: { nationalCode: WOMAN.nationalId, mobile: CLIENT_PERSON.mobile },
      }),
    ).toEqual(invalid('mobile does not belong to nationalCode'));
    expect(
      await refusal('kycPassportInquiryPost', { body: { nationalCode: WOMAN.nationalId, mobile: WOMAN.mobile } }),
    ).toEqual(invalid('trackId is required'));
  });

  it('sana: registered flag and message; the dead are not registered', async () => {
    const answer = await result('kycCcSanaInquiryGet', {
      query: { nationalCode: WOMAN.nationalId, identificationCodeType: '1' },
    });
    expect(shapeOf(answer)).toEqual({ registered: 'boolean', message: 'string' });
    expect(
      (await result('kycCcSanaInquiryGet', { query: { nationalCode: DEAD.nationalId, identificationCodeType: '1' } }))[
        'registered'
      ],
    ).toBe(false);
    expect(
      await refusal('kycCcSanaInquiryGet', { query: { nationalCode: WOMAN.nationalId, identificationCodeType: '9' } }),
    ).toEqual(invalid('invalid identificationCodeType'));
    expect(await refusal('kycCcSanaInquiryGet', { query: { nationalCode: WOMAN.nationalId } })).toEqual(
      invalid('identificationCodeType is required'),
    );
    expect(
      await refusal('kycCcSanaInquiryGet', {
        query: { nationalCode: INVALID.nationalId, identificationCodeType: '1' },
      }),
    ).toEqual(invalid('invalid nationalCode'));
  });
});

describe('Shahkar by SMS', () => {
  const send = async (version?: string) =>
    callWorld(
      sandbox,
      (await issueToken(sandbox, [operation('facilityShahkarSmsSendGet').scope])).value,
      'facilityShahkarSmsSendGet',
      {
        query: {
          trackId: `shahkar-version-${version ?? 'none'}-${Date.now()}`,
          mobile: JOINT_HOLDER.mobile,
          nationalCode: JOINT_HOLDER.nationalId,
          version,
        },
      },
    );

  it.each([undefined, '2'])('texts the code with version %s', async (version) => {
    expect(resultOf(await send(version))).toEqual({ smsSent: true });
  });

  it('refuses a version other than 2', async () => {
    expect(errorOf(await send('3'))).toEqual(invalid('invalid version'));
  });
});
