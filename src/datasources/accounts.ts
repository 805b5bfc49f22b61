import { RecordReader, type JsonObject } from './shared/read.js';
import { accountStatus, flag, holderNames } from './shared/readers.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import {
  ACCOUNT_TYPE,
  CUSTOMER_TYPE,
  type AccountHolderRecord,
  type AccountInfoRecord,
  type AccountNumberRecord,
  type BankRecord,
  type CardAccountRecord,
  type CardDepositRecord,
  type IbanRecord,
  type CardHolderRecord,
} from './types/accounts.js';
import type { StatementEntryRecord, StatementRecord } from './types/accounts.js';

/** The upstream's pages are 100 transactions; 31 days of a busy account stay well within this many. */
const MAX_PAGES = 30;

/**
 * Accounts and cards: card and account number conversions, the IBAN and card inquiries, account
 * holders, the bank list and account statements.
 */
export class AccountsAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getCardAccount(card: string): Promise<CardAccountRecord> {
    const answer = await this.upstream.read('facilityCardToIbanGet', { query: { version: '2', card } });
    const read = new RecordReader('facilityCardToIbanGet', answer);
    const r = read.object(answer.result);
    const owners = holderNames(read, r.depositOwners);
    return {
      card,
      iban: read.text(r.IBAN)?.toUpperCase() ?? null,
      accountNumber: read.text(r.deposit),
      bankName: read.text(r.bankName),
      status: accountStatus(read, r.depositStatus),
      ownerName: owners[0]?.fullName ?? null,
    };
  }

  async getCardDeposit(card: string): Promise<CardDepositRecord> {
    const answer = await this.upstream.read('facilityCardToDepositGet', { query: { card } });
    const read = new RecordReader('facilityCardToDepositGet', answer);
    const r = read.object(answer.result);
    return { accountNumber: read.text(r.deposit), holderName: read.text(r.name) };
  }

  /** The account inquiry: bank and holder of an account number. */
  async getAccountHolder(accountNumber: string): Promise<AccountHolderRecord> {
    const answer = await this.upstream.read('facilityDepositInfoGet', { query: { deposit: accountNumber } });
    const read = new RecordReader('facilityDepositInfoGet', answer);
    const r = read.object(answer.result);
    return { bankName: read.text(r.bankName), holderName: read.text(r.fullName) };
  }

  /** The account inquiry with the holder's id, which the upstream offers for Ayandeh accounts only. */
  async getAccountInfo(iban: string): Promise<AccountInfoRecord> {
    const answer = await this.upstream.read('facilityGetAccountInfoGet', { query: { iban, bankCode: AYANDEH } });
    const read = new RecordReader('facilityGetAccountInfoGet', answer);
    const r = read.object(answer.result);
    return {
      accountNumber: read.text(r.deposit),
      status: accountStatus(read, r.accountStatus),
      holderFirstName: read.text(r.customerFirstname),
      holderLastName: read.text(r.customerLastname),
      holderId: read.text(r.idNumber),
      accountType: ACCOUNT_TYPE[read.text(r.accountType) ?? ''] ?? null,
      customerType: CUSTOMER_TYPE[read.text(r.customerType) ?? ''] ?? null,
    };
  }

  async getAccountIban(accountNumber: string, bankCode: string): Promise<AccountNumberRecord> {
    const answer = await this.upstream.read('facilityDepositToIbanGet', {
      query: { deposit: depositForConversion(accountNumber, bankCode), bankCode },
    });
    const read = new RecordReader('facilityDepositToIbanGet', answer);
    const r = read.object(answer.result);
    return {
      accountNumber: read.text(r.deposit) ?? accountNumber,
      bankCode,
      iban: (read.text(r.iban) ?? read.text(r.IBAN))?.toUpperCase() ?? null,
      bankName: read.text(r.bankName),
      status: accountStatus(read, r.accountStatus ?? r.depositStatus),
      ownerName: holderNames(read, r.depositOwners)[0]?.fullName ?? null,
    };
  }

  async listBanks(): Promise<BankRecord[]> {
    const answer = await this.upstream.read('facilityBanksInfoGet', {});
    const read = new RecordReader('facilityBanksInfoGet', answer);
    return read.list(answer.result, 'bank list').flatMap((item) => {
      const r = read.object(item, 'bank');
      const code = read.text(r.code);
      if (!code) return [];
      const prefix = read.text(r.cardPrefix);
      return [
        {
          code: code.padStart(3, '0'),
          name: read.text(r.name) ?? code,
          cardPrefixes: prefix ? [prefix] : [],
          active: r.active !== false,
        },
      ];
    });
  }

  /**
   * Whether an account number at a bank belongs to a national id (or legal id). The upstream serves
   * Ayandeh, Keshavarzi and Dey accounts only.
   */
  async isAccountHolder(accountNumber: string, bankCode: string, holderId: string): Promise<boolean | null> {
    const answer = await this.upstream.read('facilityDepositOwnerVerificationGet', {
      query: { deposit: accountNumber, bank: bankCode, nationalCode: holderId },
    });
    const read = new RecordReader('facilityDepositOwnerVerificationGet', answer);
    return flag(read, read.object(answer.result).isOwner);
  }

  async getIban(iban: string): Promise<IbanRecord> {
    const answer = await this.upstream.read('oakIbanInquiryGet', { query: { iban } });
    const read = new RecordReader('oakIbanInquiryGet', answer);
    const r = read.object(answer.result);
    return {
      iban: read.text(r.IBAN)?.toUpperCase() ?? iban,
      accountNumber: read.text(r.deposit),
      bankName: read.text(r.bankName),
      status: accountStatus(read, r.depositStatus),
      statusDescription: read.text(r.depositDescription),
      comment: read.text(r.depositComment),
      owners: holderNames(read, r.depositOwners),
    };
  }

  async getCardHolder(card: string): Promise<CardHolderRecord> {
    const answer = await this.upstream.read('mpgCardInformationGet', { path: { card } });
    const read = new RecordReader('mpgCardInformationGet', answer);
    const r = read.object(answer.result);
    return {
      card,
      maskedNumber: read.text(r.destCard),
      holderName: read.text(r.name),
      bankName: read.text(r.bankName),
    };
  }

  /** Every transaction from `fromDate` to `toDate` (Jalali `YYYYMMDD`), following `lastRecordNumber` while the chain says more. */
  async getStatement(accountNumber: string, fromDate: string, toDate: string): Promise<StatementRecord> {
    const transactions: StatementEntryRecord[] = [];
    let lastRecordNumber: string | undefined;
    let balances: Pick<StatementRecord, 'currentBalance' | 'availableBalance'> = {
      currentBalance: null,
      availableBalance: null,
    };
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.upstream.read('oakCcStatementGet', {
        path: { deposit: accountNumber },
        query: { fromDate, toDate, lastRecordNumber },
      });
      const read = new RecordReader('oakCcStatementGet', answer);
      const r = read.object(answer.result);
      balances = {
        currentBalance: signed(read, r.accountCurrentBalance, r.accountCurrentBalanceSign, 'current balance'),
        availableBalance: signed(read, r.accountAvailableBalance, r.accountAvailableBalanceSign, 'available balance'),
      };
      transactions.push(
        ...read.list(r.transactions, 'transactions').map((item) => entryOf(read, read.object(item, 'transaction'))),
      );
      const next = read.text(r.lastRecordNumber);
      if (read.text(r.transactionChain) !== 'M' || next === null || next === lastRecordNumber) break;
      lastRecordNumber = next;
    }
    return { ...balances, transactions };
  }
}

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

function signed(read: RecordReader, value: unknown, sign: unknown, what: string): string | null {
  const amount = read.rial(value, what);
  return amount !== null && amount !== '0' && read.text(sign) === 'D' ? `-${amount}` : amount;
}

function entryOf(read: RecordReader, t: JsonObject): StatementEntryRecord {
  const credit = read.rial(t['transactionAmountCredit'], 'credit amount') ?? '0';
  const debit = read.rial(t['transactionAmountDebit'], 'debit amount') ?? '0';
  const iban =
    t['ibanInformationMap'] && typeof t['ibanInformationMap'] === 'object'
      ? read.object(t['ibanInformationMap'], 'iban information')
      : {};
  const day = read.text(t['fullDate']);
  const time = read.text(t['time']);
  return {
    recordNumber: read.text(t['recordNumber']),
    direction: debit !== '0' ? 'DEBIT' : 'CREDIT',
    amount: debit !== '0' ? debit : credit,
    balance: signed(read, t['balance'], t['balanceSign'], 'balance'),
    description: read.text(t['transactionDescription']),
    bookedAt: day !== null && time !== null ? `${day}${time}` : null,
    kind: read.text(t['transactionClass']),
    counterpartyIban: read.text(iban['destinationIban']),
    counterpartyName: read.text(iban['name']),
    referenceId: read.text(iban['referenceId']),
  };
}
