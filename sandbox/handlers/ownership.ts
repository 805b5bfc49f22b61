/** Whether a card, account, IBAN or mobile number belongs to a person (wire facts §4.2). */
import { accountOfDeposit, accountOfIban, type Account } from '../world/accounts.js';
import { bankByCode } from '../world/banks.js';
import { isValidNationalId } from '../world/checks.js';
import { personOf } from '../world/persons.js';
import {
  answering,
  birthDateParam,
  bodyFields,
  cardParam,
  guarded,
  ibanParam,
  mobileParam,
  personParam,
  reject,
} from './inputs.js';
import { done, type OperationHandler } from './types.js';

/** Invalid birth dates of the IBAN owner checks carry this responseCode (wire facts §4.2). */
const IBAN_OWNER_BIRTH_DATE_CODE = 'FN-KCFH-40002830033';

function ibanOwnerCheck(requireBirthDate: boolean): OperationHandler {
  return answering(({ query }) => {
    const { iban } = ibanParam(query['iban']);
    const person = personParam(query['nid'], 'nid');
    const sent = query['birthDate'];
    const birthDate =
      requireBirthDate || sent ? birthDateParam(sent, { responseCode: IBAN_OWNER_BIRTH_DATE_CODE }) : undefined;
    const account = accountOfIban(iban);
    if (!account) reject('invalid iban');
    const position = account.owners.indexOf(person.nationalId);
    if (position < 0 || (birthDate !== undefined && birthDate !== person.birthDate)) return { isValid: 'no' };
    // The second owner of a joint account is not the account's card holder: the bank only says "probably".
    return { isValid: position === 0 ? 'yes' : 'most_possible' };
  });
}

export const ibanOwnerVerification = ibanOwnerCheck(false);
export const ibanOwnerBirthdateVerification = ibanOwnerCheck(true);

/** Banks the upstream lists for depositOwnerVerification (wire facts §4.2). */
const OWNER_CHECK_BANKS: ReadonlySet<string> = new Set(['062', '016', '066']);

/** Errors are the upstream's symbolic messages of wire facts §3.2, under VALIDATION_ERROR. */
export const depositOwnerVerification = answering(({ query }) => {
  const { deposit, bank: code, nationalCode } = query;
  if (!deposit) reject('REQUIRED_DEPOSIT');
  if (!code) reject('REQUIRED_BANK');
  if (!nationalCode) reject('REQUIRED_NATIONAL_CODE');
  if (!/^\d{3}$/.test(code)) reject('INVALID_BANK');
  const bank = bankByCode(code);
  if (!bank || !OWNER_CHECK_BANKS.has(code)) reject('BANK_NOT_SUPPORTER');
  // 11 digits are a legal person's id; legal persons own no accounts in the sandbox's world.
  if (!isValidNationalId(nationalCode) && !/^\d{11}$/.test(nationalCode)) reject('INVALID_NATIONAL_CODE');
  const account = accountOfDeposit(deposit, bank);
  if (!account) reject('INVALID_DEPOSIT');
  return { nid: nationalCode, deposit, isOwner: account.owners.includes(nationalCode) };
});

/** Shahkar's documented responseCodes for rejected inputs (wire facts §3.2). */
const SHAHKAR_CODES = {
  nid: { missing: 'FN-KCFH-40001030060', invalid: 'FN-KCFH-40000530009' },
  mobile: { missing: 'FN-KCFH-40000230041', invalid: 'FN-KCFH-40000530057' },
} as const;

export const shahkarVerify = answering(({ query }) => {
  const person = personParam(query['nationalCode'], 'nationalCode', SHAHKAR_CODES.nid);
  const mobile = mobileParam(query['mobile'], SHAHKAR_CODES.mobile);
  return { isValid: mobile === person.mobile };
});

const holderOf = (account: Account) => personOf(account.owners[0]!);

export const mobileCardVerification = guarded(({ body }) => {
  const fields = bodyFields(body, ['mobile', 'card']);
  const mobile = mobileParam(fields.mobile, SHAHKAR_CODES.mobile);
  const account = cardParam(fields.card);
  return done({ isValid: holderOf(account).mobile === mobile }, 'FN-KCFH-20001100000');
});

export const cardOwnerVerification = answering(({ body }) => {
  const fields = bodyFields(body, ['card', 'nid']);
  const account = cardParam(fields.card);
  const person = personParam(fields.nid, 'nid');
  return { isValid: holderOf(account).nationalId === person.nationalId };
});
