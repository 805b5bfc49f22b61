import type { BankAccountResolvers } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import { AYANDEH } from '../../datasources/accounts.js';
import { operation } from '../../datasources/upstream/operations.js';
import { consentForbidden, consentRequired } from '../../errors.js';
import { isValidIban, parseLegalId, parseNationalId } from '../../validation/identifiers.js';
import { lazyField } from '../shared/lazyField.js';
import { parsePage, slicePage } from '../shared/pagination.js';
import { accountNumberOf } from '../shared/accountNumber.js';
import { accountByNumber } from '../shared/accountByNumber.js';
import { checkStatementTimes, parseStatementRange, parseStatementTime } from './statementRange.js';
import type { BankAccountModel } from './models.js';

const BALANCE = operation('oakBalanceGet');

/** Account numbers compared by their digits: banks write the same number with `.`, `-` or `/`. */
const digitsOf = (accountNumber: string) => accountNumber.replace(/\D/g, '');

const inquiry = (account: BankAccountModel, { dataSources }: Context) => dataSources.accounts.getIban(account.iban);

/** Banks whose accounts the upstream's owner check serves: Ayandeh, Keshavarzi, Dey (wire facts §4.2). */
const OWNER_CHECK_BANKS: ReadonlySet<string> = new Set(['062', '016', '066']);

const parseHolderId = (value: string, argumentPath: string) =>
  value.trim().length === 11 ? parseLegalId(value, argumentPath) : parseNationalId(value, argumentPath);

// In an IBAN, the three characters after `IR` and the check digits are the bank code.
const bankCodeOf = (iban: string) => iban.slice(4, 7);

export const BankAccount: BankAccountResolvers = {
  // The `_entities` guard (src/federation/entities.ts) has checked and canonicalised whichever key came.
  __resolveReference: (reference, context) => {
    if ('iban' in reference && typeof reference.iban === 'string')
      return isValidIban(reference.iban) ? { iban: reference.iban } : null;
    if (
      'bankCode' in reference &&
      typeof reference.bankCode === 'string' &&
      typeof reference.accountNumber === 'string'
    )
      return accountByNumber(reference.bankCode, reference.accountNumber, context);
    return null;
  },
  bank: (account) => ({ code: bankCodeOf(account.iban) }),
  bankCode: (account) => bankCodeOf(account.iban),
  // Known when the account was found by its number or its card: no IBAN inquiry then.
  accountNumber: (account, _args, context) => accountNumberOf(account, context),
  status: async (account, _args, context) =>
    account.status !== undefined ? account.status : (await inquiry(account, context)).status,
  statusDescription: lazyField(inquiry, 'statusDescription'),
  description: lazyField(inquiry, 'comment'),
  holders: async (account, _args, context) =>
    account.holders !== undefined && account.holders.length > 0
      ? account.holders
      : (await inquiry(account, context)).owners,
  holderName: async (account, _args, context) => {
    const accountNumber = await accountNumberOf(account, context);
    return accountNumber ? (await context.dataSources.accounts.getAccountHolder(accountNumber)).holderName : null;
  },
  heldBy: async (account, args, context) => {
    const holderId = parseHolderId(args.holderId, 'holderId');
    const bankCode = bankCodeOf(account.iban);
    if (!OWNER_CHECK_BANKS.has(bankCode)) return null;
    const accountNumber = await accountNumberOf(account, context);
    return accountNumber ? context.dataSources.accounts.isAccountHolder(accountNumber, bankCode, holderId) : null;
  },
  statement: async (account, args, context) => {
    const { fromDate, toDate } = parseStatementRange(args, context.clock.now());
    const fromTime = parseStatementTime(args.fromTime, 'fromTime', bankCodeOf(account.iban));
    const toTime = parseStatementTime(args.toTime, 'toTime', bankCodeOf(account.iban));
    checkStatementTimes(fromDate, toDate, fromTime, toTime);
    const page = parsePage(args);
    const accountNumber = await accountNumberOf(account, context);
    if (!accountNumber) return null;
    const { transactions, currentBalance, availableBalance, details } = await context.dataSources.accounts.getStatement(
      accountNumber,
      { fromDate, toDate, fromTime, toTime },
    );
    return { ...slicePage(transactions, page), currentBalance, availableBalance, details };
  },
  // Under the holder's code consent: checked (person, grant and scope, bank, then the authorized accounts)
  // before the balance inquiry, which names the account as the consent's token lists it.
  balance: async (account, _args, context) => {
    if (!context.consent) throw consentRequired(BALANCE.scope, 'authorization_code');
    const consent = await context.consent.describe();
    await context.dataSources.accounts.authorizeBalance(consent.nationalId);
    const bankCode = bankCodeOf(account.iban);
    if (consent.bank !== bankCode)
      throw consentForbidden(
        `The consent covers accounts at bank ${consent.bank ?? '(none)'}, not this account's bank (${bankCode}).`,
      );
    // Without the token's list nothing here says the account is the person's: the upstream alone would.
    if (consent.accounts === undefined || consent.accounts === null)
      throw consentForbidden(
        'The consent does not list the accounts the person authorized (it was granted before they were kept): ask the person to consent again.',
      );
    const accountNumber = await accountNumberOf(account, context);
    if (!accountNumber) return null;
    const listed = consent.accounts.find((number) => digitsOf(number) === digitsOf(accountNumber));
    if (listed === undefined)
      throw consentForbidden(
        consent.accounts.length === 0
          ? 'The consent lists no account the person authorized.'
          : 'The person did not authorize this account in the consent.',
      );
    return context.dataSources.accounts.getBalance(listed, consent.nationalId);
  },
  // By the account number when the account was found by it, else by the IBAN: either way, one call.
  holderDetails: (account, _args, { dataSources }) =>
    bankCodeOf(account.iban) !== AYANDEH
      ? null
      : dataSources.accounts.getAccountInfo(
          account.accountNumber !== undefined ? { deposit: account.accountNumber } : { iban: account.iban },
        ),
};
