import type { z } from 'zod';
import { ErrorCode, UpstreamError } from '../errors.js';
import {
  AccountHolderAnswer,
  AccountIbanAnswer,
  AccountInfoAnswer,
  AccountOwnerAnswer,
  BalanceAnswer,
  BanksAnswer,
  CardAccountAnswer,
  CardDepositAnswer,
  CardHolderAnswer,
  IbanAnswer,
  ibanFitsBank,
  StatementAnswer,
  type StatementTransaction,
} from './records/accounts.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import { decode } from './shared/shapes.js';
import type {
  AccountBalanceRecord,
  AccountHolderRecord,
  AccountInfoRecord,
  AccountNumberRecord,
  BankRecord,
  CardAccountRecord,
  CardDepositRecord,
  IbanRecord,
  CardHolderRecord,
} from './types/accounts.js';
import type {
  StatementChequeInformationRecord,
  StatementDetailsRecord,
  StatementEntryRecord,
  StatementKeshavarziDetailsRecord,
  StatementRecord,
} from './types/accounts.js';

/** The upstream's pages are 100 transactions; 31 days of a busy account stay well within this many. */
const MAX_PAGES = 30;

/**
 * Accounts and cards: card and account number conversions, the IBAN and card inquiries, account
 * holders, the bank list, account statements, and an account's balance under its holder's consent.
 */
export class AccountsAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getCardAccount(card: string): Promise<CardAccountRecord> {
    const answer = await this.upstream.read('facilityCardToIbanGet', { query: { version: '2', card } });
    const r = decode('facilityCardToIbanGet', answer, CardAccountAnswer);
    return {
      card,
      iban: r.IBAN,
      accountNumber: r.deposit,
      bankName: r.bankName,
      status: r.depositStatus,
      holders: r.depositOwners,
    };
  }

  async getCardDeposit(card: string): Promise<CardDepositRecord> {
    const answer = await this.upstream.read('facilityCardToDepositGet', { query: { card } });
    const r = decode('facilityCardToDepositGet', answer, CardDepositAnswer);
    return { accountNumber: r.deposit, holderName: r.name };
  }

  /** The account inquiry: bank and holder of an account number. */
  async getAccountHolder(accountNumber: string): Promise<AccountHolderRecord> {
    const answer = await this.upstream.read('facilityDepositInfoGet', { query: { deposit: accountNumber } });
    const r = decode('facilityDepositInfoGet', answer, AccountHolderAnswer);
    return { bankName: r.bankName, holderName: r.fullName };
  }

  /**
   * The account inquiry with the holder's id, which the upstream offers for Ayandeh accounts only: by
   * the account number when it is known (exactly one of the two is sent), else by the IBAN.
   */
  async getAccountInfo(account: { readonly iban: string } | { readonly deposit: string }): Promise<AccountInfoRecord> {
    const answer = await this.upstream.read('facilityGetAccountInfoGet', { query: { ...account, bankCode: AYANDEH } });
    const r = decode('facilityGetAccountInfoGet', answer, AccountInfoAnswer);
    return {
      accountNumber: r.deposit,
      status: r.accountStatus,
      holderFirstName: r.customerFirstname,
      holderLastName: r.customerLastname,
      holderId: r.idNumber,
      accountType: r.accountType,
      customerType: r.customerType,
    };
  }

  async getAccountIban(accountNumber: string, bankCode: string): Promise<AccountNumberRecord> {
    const answer = await this.upstream.read('facilityDepositToIbanGet', {
      query: { deposit: depositForConversion(accountNumber, bankCode), bankCode },
    });
    const r = decode('facilityDepositToIbanGet', answer, AccountIbanAnswer);
    const iban = r.iban ?? r.IBAN;
    if (iban !== null && !ibanFitsBank(iban, bankCode)) {
      // Another bank's account, or a mistake upstream: either way not the account asked for.
      throw new UpstreamError({
        code: ErrorCode.UpstreamUnavailable,
        message: `The upstream converted the account to an IBAN of bank ${iban.slice(4, 7)}, not of bank ${bankCode}.`,
        operationId: 'facilityDepositToIbanGet',
        trackId: answer.trackId,
      });
    }
    return {
      accountNumber: r.deposit ?? accountNumber,
      bankCode,
      iban,
      bankName: r.bankName,
      status: r.accountStatus ?? r.depositStatus,
      holders: r.depositOwners,
    };
  }

  async listBanks(): Promise<BankRecord[]> {
    const answer = await this.upstream.read('facilityBanksInfoGet', {});
    // `extra.ac_token` says again whether code consents can be had: a bank takes them when neither says no.
    return decode('facilityBanksInfoGet', answer, BanksAnswer).flatMap(({ code, name, cardPrefix, active, extra }) =>
      code === null
        ? []
        : [
            {
              code: code.padStart(3, '0'),
              name: name ?? code,
              cardPrefixes: cardPrefix ? [cardPrefix] : [],
              active: active && (extra?.ac_token ?? true),
              notice: extra?.message ?? null,
            },
          ],
    );
  }

  /**
   * Whether an account number at a bank belongs to a national id (or legal id). The upstream serves
   * Ayandeh, Keshavarzi and Dey accounts only.
   */
  async isAccountHolder(accountNumber: string, bankCode: string, holderId: string): Promise<boolean | null> {
    const answer = await this.upstream.read('facilityDepositOwnerVerificationGet', {
      query: { deposit: accountNumber, bank: bankCode, nationalCode: holderId },
    });
    return decode('facilityDepositOwnerVerificationGet', answer, AccountOwnerAnswer).isOwner;
  }

  async getIban(iban: string): Promise<IbanRecord> {
    const answer = await this.upstream.read('oakIbanInquiryGet', { query: { iban } });
    const r = decode('oakIbanInquiryGet', answer, IbanAnswer);
    return {
      iban: r.IBAN ?? iban,
      accountNumber: r.deposit,
      bankName: r.bankName,
      status: r.depositStatus,
      statusDescription: r.depositDescription,
      comment: r.depositComment,
      owners: r.depositOwners,
    };
  }

  async getCardHolder(card: string): Promise<CardHolderRecord> {
    const answer = await this.upstream.read('mpgCardInformationGet', { path: { card } });
    const r = decode('mpgCardInformationGet', answer, CardHolderAnswer);
    return { card, maskedNumber: r.destCard, holderName: r.name, bankName: r.bankName };
  }

  /**
   * Whether the caller's consent lets the balance inquiry act for `nationalId`; throws CONSENT_REQUIRED or
   * FORBIDDEN as the call itself would, without calling the upstream.
   */
  authorizeBalance(nationalId: string): Promise<void> {
    return this.upstream.authorize('oakBalanceGet', nationalId);
  }

  /** The balances of an account the person `nationalId` authorized, under their authorization-code consent. */
  async getBalance(accountNumber: string, nationalId: string): Promise<AccountBalanceRecord> {
    const answer = await this.upstream.read('oakBalanceGet', { path: { deposit: accountNumber }, subject: nationalId });
    const r = decode('oakBalanceGet', answer, BalanceAnswer);
    return {
      currentBalance: r.currentBalance,
      availableBalance: r.availableBalance,
      effectiveBalance: r.effectiveBalance,
      frozenAmount: r.freezeAmount,
      accountNumber: r.number,
      debit: r.debit,
    };
  }

  /**
   * Every transaction from `fromDate` to `toDate` (Jalali `YYYYMMDD`), from `fromTime` on the first day
   * and up to `toTime` on the last (`HHMMSS`, when given), following `lastRecordNumber` while the chain
   * says more.
   */
  async getStatement(
    accountNumber: string,
    { fromDate, toDate, fromTime, toTime }: { fromDate: string; toDate: string; fromTime?: string; toTime?: string },
  ): Promise<StatementRecord> {
    const transactions: StatementEntryRecord[] = [];
    let lastRecordNumber: string | undefined;
    let balances: Pick<StatementRecord, 'currentBalance' | 'availableBalance' | 'details'> = {
      currentBalance: null,
      availableBalance: null,
      details: NO_DETAILS,
    };
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.upstream.read('oakCcStatementGet', {
        path: { deposit: accountNumber },
        query: { fromDate, toDate, fromTime, toTime, lastRecordNumber },
      });
      const r = decode('oakCcStatementGet', answer, StatementAnswer);
      balances = {
        // `currentBalance` and `availableSign` are the bank's second names for the same balance and sign.
        currentBalance: signed(
          r.accountCurrentBalance ?? r.currentBalance,
          r.accountCurrentBalanceSign ?? r.currentBalanceSign,
        ),
        availableBalance: signed(r.accountAvailableBalance, r.accountAvailableBalanceSign ?? r.availableSign),
        details: {
          iban: r.iban,
          branchCode: r.branchCode,
          branchName: r.branchName,
          holderFirstName: r.customerName,
          holderLastName: r.customerFamilyName,
          openDate: r.openDate,
          accountTypeCode: r.accountTypeCode,
          subTypeCode: r.subTypeCode,
          effectiveBalance: signed(r.effectiveAccountBalance, r.effectiveAccountBalanceSign),
          averageBalance: signed(r.averageBalance, r.averageBalanceSign),
          backupAccountNumber: r.backupAccountNumber,
        },
      };
      transactions.push(...r.transactions.map(entryOf));
      const next = r.lastRecordNumber;
      if (r.transactionChain !== 'M' || next === null || next === lastRecordNumber) break;
      lastRecordNumber = next;
    }
    return { ...balances, transactions };
  }
}

const NO_DETAILS: StatementDetailsRecord = {
  iban: null,
  branchCode: null,
  branchName: null,
  holderFirstName: null,
  holderLastName: null,
  openDate: null,
  accountTypeCode: null,
  subTypeCode: null,
  effectiveBalance: null,
  averageBalance: null,
  backupAccountNumber: null,
};

/** The bank whose accounts getAccountInfo serves. */
export const AYANDEH = '062';
const PASARGAD = '057';
const RESALAT = '070';

/**
 * depositToIban wants the groups of an account number separated by `/`, except Pasargad's numbers,
 * which keep the bank's own format, and Resalat's, which use `.` (wire facts §4.1).
 */
function depositForConversion(accountNumber: string, bankCode: string): string {
  if (bankCode === PASARGAD) return accountNumber;
  return accountNumber.replace(/[./-]/g, bankCode === RESALAT ? '.' : '/');
}

/** An amount made negative by a `D` (debit) sign; zero stays unsigned. */
function signed(amount: string | null, sign: string | null): string | null {
  return amount !== null && amount !== '0' && sign === 'D' ? `-${amount}` : amount;
}

function entryOf(t: z.output<typeof StatementTransaction>): StatementEntryRecord {
  const credit = t.transactionAmountCredit ?? '0';
  const debit = t.transactionAmountDebit ?? '0';
  const day = t.fullDate;
  const time = t.time;
  return {
    recordNumber: t.recordNumber,
    direction: debit !== '0' ? 'DEBIT' : 'CREDIT',
    amount: debit !== '0' ? debit : credit,
    balance: signed(t.balance, t.balanceSign),
    description: t.transactionDescription,
    bookedAt: day !== null && time !== null ? `${day}${time}` : null,
    kind: t.transactionClass,
    counterpartyIban: t.ibanInformationMap?.destinationIban ?? t.cardInformationMap?.destinationIban ?? null,
    counterpartyName: t.ibanInformationMap?.name ?? t.cardInformationMap?.name ?? null,
    referenceId: t.ibanInformationMap?.referenceId ?? null,
    operationCode: t.operationCode?.code ?? null,
    operationMessage: t.operationCode?.message ?? null,
    chequeNumber: t.chequeNo,
    branchNumber: t.branchNo,
    optionalInformation: t.optionalInformation,
    optionalInformation1: t.optionalInformation1,
    optionalInformation15: t.optionalInformation15,
    optionalInformation30: t.optionalInformation30,
    requestDate: t.requestDate,
    requestTime: t.requestTime,
    originKey: t.originKey,
    rawOriginKey: t.rawOriginKey,
    userId: t.userID,
    source: t.source,
    additionalInformation: (t.additionalInformation ?? '').split('|').flatMap((part) => part.trim() || []),
    ibanInformation: t.ibanInformationMap ?? null,
    cardInformation: t.cardInformationMap ?? null,
    ledgerInformation: t.ledgerInformationMap ?? null,
    refCode: t.refCode,
    transactionAmount: t.transactionAmount,
    keshavarzi: keshavarziOf(t),
  };
}

/** Keshavarzi's own fields, when the answer has any of them. */
function keshavarziOf(t: z.output<typeof StatementTransaction>): StatementKeshavarziDetailsRecord | null {
  const details: StatementKeshavarziDetailsRecord = {
    transactionFee: t.transactionFee,
    transactionTeller: t.transactionTeller,
    transactionTypes: t.transactionTypeList,
    deposit: t.deposit,
    destinationNumber: t.destinationNumber,
    transactionJournal: t.transactionJournal,
    transactionTerminalType: t.transactionTerminalType,
    transactionTerminalCode: t.transactionTerminalCode,
    transactionBrTerminal: t.transactionBrTerminal,
    chequeType: t.chequeType,
    transactionCycle: t.transactionCycle,
    blockAmount: t.blockAmount,
    blockCode: t.blockCode,
    blockingReason: t.blockingReason,
    chequeInformation: chequeOf(t.chequeInformationMap),
  };
  return Object.values(details).some((value) => value !== null) ? details : null;
}

function chequeOf(
  map: z.output<typeof StatementTransaction>['chequeInformationMap'],
): StatementChequeInformationRecord | null {
  if (!map) return null;
  const { chequeNo, ...rest } = map;
  return { chequeNumber: chequeNo, ...rest };
}
