/** Ownership operations over HTTP: IBAN, account, card and mobile owners; exact shapes, refusals. */
import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { CLIENT_PERSON, INVALID, JOINT_HOLDER, THREE_BANKS, WOMAN } from '../../sandbox/world/index.js';
import { errorOf, resultOf } from './support.js';
import { shapeOf, type WorldCall, useWorldSandbox } from './worldSupport.js';

const { call, result } = useWorldSandbox();
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

describe('IBAN owner verification', () => {
  const jointIban = JOINT_HOLDER.account.iban;

  it.each([
    ['the card holder', JOINT_HOLDER.nationalId, 'yes'],
    ['the second owner of a joint account', JOINT_HOLDER.coOwner, 'most_possible'],
    ['someone else', CLIENT_PERSON.nationalId, 'no'],
  ])('answers %s with %s', async (_, nid, isValid) => {
    const answer = await result('kycIbanOwnerVerificationGet', { query: { iban: jointIban, nid } });
    expect(shapeOf(answer)).toEqual({ isValid: 'string' });
    expect(answer).toEqual({ isValid });
  });

  it('checks the birth date when one is sent, and requires it on the Birthdate path', async () => {
    const ok = await result('kycIbanOwnerBirthdateVerificationGet', {
      query: { iban: jointIban, nid: JOINT_HOLDER.nationalId, birthDate: JOINT_HOLDER.birthDate },
    });
    expect(ok).toEqual({ isValid: 'yes' });
    const wrong = await result('kycIbanOwnerVerificationGet', {
      query: { iban: jointIban, nid: JOINT_HOLDER.nationalId, birthDate: '1341/03/21' },
    });
    expect(wrong).toEqual({ isValid: 'no' });
    expect(
      await refusal('kycIbanOwnerBirthdateVerificationGet', {
        query: { iban: jointIban, nid: JOINT_HOLDER.nationalId },
      }),
    ).toEqual(invalid('birthDate is required', 'FN-KCFH-40002830033'));
    expect(
      await refusal('kycIbanOwnerVerificationGet', {
        query: { iban: jointIban, nid: JOINT_HOLDER.nationalId, birthDate: '13410320' },
      }),
    ).toEqual(invalid('تاریخ تولد نامعتبر است', 'FN-KCFH-40002830033'));
  });

  it('refuses an IBAN that names no account, and an invalid nid', async () => {
    expect(
      await refusal('kycIbanOwnerVerificationGet', {
        query: { iban: INVALID.ibanOfNoAccount, nid: JOINT_HOLDER.nationalId },
      }),
    ).toEqual(invalid('invalid iban'));
    expect(
      await refusal('kycIbanOwnerVerificationGet', { query: { iban: jointIban, nid: INVALID.nationalId } }),
    ).toEqual(invalid('invalid nid'));
  });
});

describe('depositOwnerVerification', () => {
  const ayandeh = THREE_BANKS.ayandeh;

  it('says whether an account belongs to a national id', async () => {
    const yes = await result('facilityDepositOwnerVerificationGet', {
      query: { deposit: ayandeh.deposit, bank: '062', nationalCode: THREE_BANKS.nationalId },
    });
    expect(shapeOf(yes)).toEqual({ nid: 'string', deposit: 'string', isOwner: 'boolean' });
    expect(yes).toEqual({ nid: THREE_BANKS.nationalId, deposit: ayandeh.deposit, isOwner: true });
    const no = await result('facilityDepositOwnerVerificationGet', {
      query: { deposit: ayandeh.deposit, bank: '062', nationalCode: WOMAN.nationalId },
    });
    expect(no['isOwner']).toBe(false);
  });

  it.each([
    ['no deposit', { bank: '062', nationalCode: THREE_BANKS.nationalId }, 'REQUIRED_DEPOSIT'],
    ['no bank', { deposit: ayandeh.deposit, nationalCode: THREE_BANKS.nationalId }, 'REQUIRED_BANK'],
    ['no national code', { deposit: ayandeh.deposit, bank: '062' }, 'REQUIRED_NATIONAL_CODE'],
    ['a 2-digit bank', { deposit: ayandeh.deposit, bank: '62', nationalCode: THREE_BANKS.nationalId }, 'INVALID_BANK'],
    [
      'a bank the service does not cover',
      { deposit: CLIENT_PERSON.account.deposit, bank: '019', nationalCode: CLIENT_PERSON.nationalId },
      'BANK_NOT_SUPPORTER',
    ],
    [
      'an invalid national code',
      { deposit: ayandeh.deposit, bank: '062', nationalCode: INVALID.nationalId },
      'INVALID_NATIONAL_CODE',
    ],
    [
      'an account of another bank',
      { deposit: CLIENT_PERSON.account.deposit, bank: '062', nationalCode: THREE_BANKS.nationalId },
      'INVALID_DEPOSIT',
    ],
  ])('refuses %s with %s', async (_, query, message) => {
    expect(await refusal('facilityDepositOwnerVerificationGet', { query })).toEqual(invalid(message));
  });
});

describe('mobile and card ownership', () => {
  it('shahkar: true only for the person’s own mobile', async () => {
    const yes = await result('facilityShahkarVerifyGet', {
      query: { mobile: CLIENT_PERSON.mobile, nationalCode: CLIENT_PERSON.nationalId },
    });
    expect(shapeOf(yes)).toEqual({ isValid: 'boolean' });
    expect(yes).toEqual({ isValid: true });
    expect(
      await result('facilityShahkarVerifyGet', {
        query: { mobile: WOMAN.mobile, nationalCode: CLIENT_PERSON.nationalId },
      }),
    ).toEqual({ isValid: false });
  });

  it.each([
    [
      'an invalid national code',
      { mobile: CLIENT_PERSON.mobile, nationalCode: INVALID.nationalId },
      'invalid nationalCode',
      'FN-KCFH-40000530009',
    ],
    ['no national code', { mobile: CLIENT_PERSON.mobile }, 'nationalCode is required', 'FN-KCFH-40001030060'],
    [
      'a 10-digit mobile',
      { mobile: '0916086630', nationalCode: CLIENT_PERSON.nationalId },
      'invalid mobile',
      'FN-KCFH-40000530057',
    ],
    ['no mobile', { nationalCode: CLIENT_PERSON.nationalId }, 'mobile is required', 'FN-KCFH-40000230041'],
  ])('shahkar refuses %s', async (_, query, message, responseCode) => {
    expect(await refusal('facilityShahkarVerifyGet', { query })).toEqual(invalid(message, responseCode));
  });

  it('mobileCardVerification: the card holder’s mobile, with its responseCode', async () => {
    const response = await call('kycMobileCardVerificationPost', {
      body: { mobile: CLIENT_PERSON.mobile, card: CLIENT_PERSON.account.card },
    });
    expect(response.body['responseCode']).toBe('FN-KCFH-20001100000');
    expect(resultOf(response)).toEqual({ isValid: true });
    expect(
      await result('kycMobileCardVerificationPost', {
        body: { mobile: WOMAN.mobile, card: CLIENT_PERSON.account.card },
      }),
    ).toEqual({ isValid: false });
  });

  it('cardOwnerVerification: only the card holder', async () => {
    expect(
      await result('kycCardOwnerVerificationPost', { body: { card: WOMAN.account.card, nid: WOMAN.nationalId } }),
    ).toEqual({ isValid: true });
    expect(
      await result('kycCardOwnerVerificationPost', {
        body: { card: JOINT_HOLDER.account.card, nid: JOINT_HOLDER.coOwner },
      }),
    ).toEqual({ isValid: false });
  });

  it.each([
    ['kycMobileCardVerificationPost', 'not JSON', '{oops', 'invalid body'],
    [
      'kycMobileCardVerificationPost',
      'a numeric card',
      { mobile: CLIENT_PERSON.mobile, card: 6037690499370890 },
      'invalid card',
    ],
    [
      'kycMobileCardVerificationPost',
      'a card failing Luhn',
      { mobile: CLIENT_PERSON.mobile, card: INVALID.cardFailingLuhn },
      'invalid card',
    ],
    [
      'kycCardOwnerVerificationPost',
      'an unknown BIN',
      { card: INVALID.cardOfUnknownBin, nid: WOMAN.nationalId },
      'invalid card',
    ],
    [
      'kycCardOwnerVerificationPost',
      'an invalid nid',
      { card: WOMAN.account.card, nid: INVALID.nationalId },
      'invalid nid',
    ],
  ] as const)('%s refuses %s', async (id, _, body, message) => {
    expect(errorOf(await call(id, { body }))).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
  });
});
