/** Account number and IBAN operations: depositToIban, ibanInquiry, depositInfo, getAccountInfo, banksInfo. */
import {
  accountOfDeposit,
  accountOfDigits,
  accountOfIban,
  ibanOfDigits,
  parseDeposit,
  type Account,
} from '../world/accounts.js';
import { AYANDEH_CODE, BANKS, PASARGAD_CODE, bankByCode } from '../world/banks.js';
import { personOf } from '../world/persons.js';
import { answering, bankCodeParam, ibanParam, reject, required } from './inputs.js';
import { NO_ACCOUNT, STATUS_DESCRIPTIONS, depositComment, ownerNames, ownersText, ownersWithStatus } from './views.js';

/** Account numbers travel with `/` separators, except Pasargad's, which keep the bank's own format (wire facts §4.1). */
export const depositToIban = answering(({ query }) => {
  const deposit = required(query['deposit'], 'deposit');
  const bank = bankCodeParam(query['bankCode']);
  const parsed = parseDeposit(deposit);
  const separator = bank.code === PASARGAD_CODE ? bank.separator : '/';
  if (!parsed || parsed.separator !== separator) reject('invalid deposit');
  const account = accountOfDigits(bank, parsed.digits);
  if (!account) {
    // The IBAN of an account number is pure arithmetic; the bank just has no such account.
    return {
      deposit,
      accountStatus: NO_ACCOUNT,
      bankName: bank.name,
      iban: ibanOfDigits(bank, parsed.digits),
      depositOwners: '',
    };
  }
  return {
    deposit,
    accountStatus: account.status,
    bankName: bank.name,
    iban: account.iban,
    depositOwners: ownersWithStatus(account),
  };
});

export const ibanInquiry = answering(({ query }) => {
  const { iban, bank } = ibanParam(query['iban']);
  const account = accountOfIban(iban);
  if (!account) {
    return {
      IBAN: iban,
      bankName: bank.name,
      deposit: '',
      depositDescription: STATUS_DESCRIPTIONS[NO_ACCOUNT],
      depositComment: '',
      depositOwners: [],
      depositStatus: NO_ACCOUNT,
      errorDescription: 'حساب یافت نشد',
    };
  }
  return {
    IBAN: account.iban,
    bankName: bank.name,
    deposit: account.deposit,
    depositDescription: STATUS_DESCRIPTIONS[account.status],
    depositComment: depositComment(account),
    depositOwners: ownerNames(account),
    depositStatus: account.status,
    errorDescription: 'بدون خطا',
  };
});

/**
 * The upstream offers depositInfo for Khavarmianeh accounts only; the sandbox answers it for the
 * accounts of every bank of its world (the branch code names the bank), so any account can be looked up.
 */
export const depositInfo = answering(({ query }) => {
  const account = accountOfDeposit(required(query['deposit'], 'deposit'));
  if (!account) reject('invalid deposit');
  return { bankName: account.bank.name, fullName: ownersText(account) };
});

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

function ayandehAccount(
  deposit: string | undefined,
  iban: string | undefined,
): { shown: string; account: Account | undefined } {
  const ayandeh = bankByCode(AYANDEH_CODE)!;
  if (present(deposit)) {
    const parsed = parseDeposit(deposit);
    if (!parsed) reject('invalid deposit');
    const account = accountOfDigits(ayandeh, parsed.digits);
    return { shown: account?.deposit ?? deposit, account };
  }
  const checked = ibanParam(iban);
  if (checked.bank !== ayandeh) reject('invalid iban');
  const account = accountOfIban(checked.iban);
  return { shown: account?.deposit ?? '', account };
}

/** Ayandeh only: exactly one of `deposit` and `iban`, and `bankCode=062` (wire facts §4.1). */
export const getAccountInfo = answering(({ query }) => {
  const { deposit, iban, bankCode } = query;
  if (present(deposit) === present(iban)) reject('exactly one of deposit and iban is required');
  if (bankCode !== AYANDEH_CODE) reject(present(bankCode) ? 'invalid bankCode' : 'bankCode is required');
  const { shown, account } = ayandehAccount(deposit, iban);
  if (!account) {
    return {
      deposit: shown,
      accountStatus: NO_ACCOUNT,
      customerFirstname: null,
      customerLastname: null,
      idNumber: null,
      accountType: null,
      customerType: null,
    };
  }
  const holder = personOf(account.owners[0]!);
  return {
    deposit: shown,
    accountStatus: account.status,
    customerFirstname: holder.firstName,
    customerLastname: holder.lastName,
    idNumber: holder.nationalId,
    accountType: account.accountType,
    customerType: account.joint ? '24' : '01',
  };
});

/** Designed: Khavarmianeh's code consents are paused, with the upstream's remark; every other bank takes them. */
const PAUSED: Readonly<Record<string, string>> = { '078': 'صدور توکن برای این بانک موقتا امکان پذیر نیست' };

export const banksInfo = answering(() =>
  BANKS.map((bank) => {
    const paused = PAUSED[bank.code];
    return {
      cardPrefix: Number(bank.bin),
      code: bank.code,
      name: bank.name,
      active: paused === undefined,
      extra: { ac_token: paused === undefined, message: paused ?? '' },
    };
  }),
);
