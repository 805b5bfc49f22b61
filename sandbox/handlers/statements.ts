/**
 * The client-credential account statement (wire facts §4.9, designed path `deposits/{deposit}/cc/statement`):
 * only accounts of the client's own national id; a range of at most 31 days (`fromDate`/`toDate`,
 * Jalali `YYYYMMDD`, default the last 30 days) within the past year; at most 100 transactions an
 * answer, continued with `lastRecordNumber` while `transactionChain` is `M`. Amounts are zero-padded
 * strings with a separate sign, as the upstream sends them. The movements are the world's everyday
 * ones and the transfers the ledger applied; the balances end at the ledger's balance.
 */
import { addDays, compactDayOf, daysBetween, formatSlashed, tehranTimestamp, type JalaliDate } from '../calendar.js';
import type { Ledger } from '../ledger.js';
import { accountOfDeposit, accountsOf, type Account } from '../world/accounts.js';
import { personOf } from '../world/persons.js';
import { movementsOf, type WorldMovement } from '../world/statements.js';
import { guarded, reject, required } from './inputs.js';
import { done, type OperationHandler } from './types.js';

const PAGE = 100;
const MAX_RANGE_DAYS = 31;
const MAX_AGE_DAYS = 366;

interface Entry extends WorldMovement {
  readonly day: JalaliDate;
  readonly referenceId: string | null;
}

const compact = (day: JalaliDate) => formatSlashed(day).replace(/\//g, '');
const padded = (amount: bigint) => (amount < 0n ? -amount : amount).toString().padStart(16, '0');
const sign = (amount: bigint) => (amount < 0n ? 'D' : 'C');

function dateParam(value: string | undefined, name: string): JalaliDate {
  return compactDayOf(required(value, name)) ?? reject(`invalid ${name}`);
}

/** The bank-specific extras the wire facts list: Pasargad's `refCode`/`transactionAmount`, Keshavarzi's own fields. */
const PASARGAD = '057';
const KESHAVARZI = '016';

/** One transaction as the statement writes it: every documented field, the class's map for its class. */
function transactionOf(account: Account, entry: Entry, balance: bigint, recordNumber: number): Record<string, unknown> {
  const originKey = `${compact(entry.day)}${entry.time}${String(recordNumber).padStart(6, '0')}`;
  const reference = entry.referenceId ?? originKey.slice(-12);
  const maps: Record<string, unknown> = {};
  if (entry.transactionClass === 'IBAN') {
    maps['ibanInformationMap'] = {
      branchCode: account.branch,
      bankCode: entry.counterpartyIban?.slice(4, 7) ?? null,
      reasonDescription: '1',
      transactionClass: 'IBAN',
      name: entry.counterpartyName,
      destinationIban: entry.counterpartyIban,
      chargeAmount: '0000000000000000',
      payId: '',
      chakavakInfo: null,
      transactionTypeCode: '61',
      referenceId: entry.referenceId,
    };
  } else if (entry.transactionClass === 'CARD') {
    maps['cardInformationMap'] = {
      branchCode: account.branch,
      bankCode: account.bank.code,
      transactionClass: 'CARD',
      referenceNo: reference,
      destinationPan: null,
      sourcePan: `${account.card.slice(0, 6)}******${account.card.slice(12)}`,
      acquiringNo: '581672',
      transactionTypeCode: '14',
      deviceSerial: `POS${account.branch}`,
      trace: originKey.slice(-6),
      billId: null,
      name: entry.counterpartyName,
      destinationIban: entry.counterpartyIban,
      payId: null,
    };
  } else {
    maps['ledgerInformationMap'] = {
      transactionClass: 'LEDGER',
      transactionTypeCode: '02',
      payId: null,
      permissionId: null,
      reverseIndex: '0',
      reverseOriginKey: null,
      reasonDescription: null,
    };
  }
  const bank = account.bank.code;
  return {
    operationCode: { code: entry.operationCode, message: entry.description },
    recordNumber: String(recordNumber),
    chequeNo: entry.cheque?.number ?? '',
    balance: padded(balance),
    balanceSign: sign(balance),
    transactionAmountCredit: padded(entry.amount > 0n ? entry.amount : 0n),
    transactionAmountDebit: padded(entry.amount < 0n ? entry.amount : 0n),
    transactionDescription: entry.description,
    optionalInformation30: entry.counterpartyName ?? '',
    optionalInformation15: reference.slice(-15),
    optionalInformation1: entry.amount < 0n ? 'D' : 'C',
    optionalInformation: '',
    branchNo: account.branch,
    date: compact(entry.day).slice(2),
    fullDate: compact(entry.day),
    time: entry.time,
    requestDate: compact(entry.day),
    requestTime: entry.time,
    originKey,
    rawOriginKey: `${account.branch}-${originKey}`,
    userID: 'SYSTEM',
    source: entry.transactionClass === 'CARD' ? 'SHETAB' : 'CORE',
    additionalInformation: [entry.operationCode, entry.transactionClass, reference].join('|'),
    transactionClass: entry.transactionClass,
    ...maps,
    ...(bank === PASARGAD && { refCode: reference, transactionAmount: padded(entry.amount) }),
    ...(bank === KESHAVARZI && {
      transactionFee: '0',
      transactionTeller: 'SYSTEM',
      deposit: account.deposit,
      destinationNumber: entry.counterpartyIban,
      transactionJournal: originKey.slice(-6),
      transactionTerminalType: entry.transactionClass === 'CARD' ? 'POS' : 'CORE',
      transactionTerminalCode: account.branch,
      transactionBrTerminal: account.branch,
      // Designed: no source shows these values; the channel and operation codes, and a paid cheque's details.
      transactionTypeList: [entry.transactionClass === 'CARD' ? '14' : '02', entry.operationCode],
      chequeType: entry.cheque ? '1' : null,
      transactionCycle: '1',
      blockAmount: '0',
      blockCode: null,
      blockingReason: null,
      ...(entry.cheque && {
        chequeInformationMap: {
          chequeNo: entry.cheque.number,
          chequeType: '1',
          issueDate: entry.cheque.issueDate,
          dueDate: entry.cheque.dueDate,
          status: 'PAID',
        },
      }),
    }),
  };
}

/** Banks whose statements take no time of day: Keshavarzi and Karafarin. */
const NO_TIMES: ReadonlySet<string> = new Set(['016', '053']);

/** A `HHMMSS` time of day, or undefined when not sent; anything else is refused as the parameter's name. */
function timeParam(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const match = /^([01]\d|2[0-3])[0-5]\d[0-5]\d$/.exec(value);
  if (!match) reject(`invalid ${name}`);
  return value;
}

export class Statements {
  constructor(
    private readonly ledger: Ledger,
    private readonly clientNid: () => string,
  ) {}

  readonly statement: OperationHandler = guarded(({ params, query, now }) => {
    const account = accountOfDeposit(required(params['deposit'], 'deposit'));
    if (!account || !account.owners.includes(this.clientNid())) reject('invalid deposit');
    const today = compactDayOf(tehranTimestamp(now).slice(0, 8)) ?? reject('invalid date');
    const [from, to] =
      query['fromDate'] === undefined && query['toDate'] === undefined
        ? [addDays(today, -(MAX_RANGE_DAYS - 1)), today]
        : [dateParam(query['fromDate'], 'fromDate'), dateParam(query['toDate'], 'toDate')];
    const span = daysBetween(from, to);
    if (span < 0 || span >= MAX_RANGE_DAYS) reject('the date range must be at most 31 days');
    if (daysBetween(from, today) > MAX_AGE_DAYS || daysBetween(from, today) < 0) reject('invalid fromDate');
    // Times of day bound the first and the last day (wire facts §4.9); Keshavarzi and Karafarin take none.
    const [fromTime, toTime] = [timeParam(query['fromTime'], 'fromTime'), timeParam(query['toTime'], 'toTime')];
    if ((fromTime ?? toTime) !== undefined && NO_TIMES.has(account.bank.code)) reject('invalid fromTime');
    const after = query['lastRecordNumber'] === undefined ? 0 : Number(query['lastRecordNumber']);
    if (!Number.isSafeInteger(after) || after < 0) reject('invalid lastRecordNumber');

    const entries = this.entriesSince(account, from, today);
    const balances = this.balancesAfter(account, entries);
    const inRange = entries
      .map((entry, i) => ({ entry, balance: balances[i]!, recordNumber: i + 1 }))
      .filter(({ entry }) => daysBetween(entry.day, to) >= 0)
      .filter(({ entry }) => !(fromTime && daysBetween(entry.day, from) === 0 && entry.time < fromTime))
      .filter(({ entry }) => !(toTime && daysBetween(entry.day, to) === 0 && entry.time > toTime));
    const page = inRange.filter(({ recordNumber }) => recordNumber > after).slice(0, PAGE);
    const last = page.at(-1)?.recordNumber ?? after;
    const current = this.ledger.balanceOf(account);
    const owner = personOf(account.owners[0] ?? '');
    // Designed: the holder's next account at the same bank backs this one (none when they have no other).
    const sameBank = accountsOf(account.owners[0] ?? '').filter((other) => other.bank.code === account.bank.code);
    const backup = sameBank[(sameBank.findIndex((other) => other.iban === account.iban) + 1) % sameBank.length];
    return done({
      iban: account.iban,
      branchCode: account.branch,
      accountCurrentBalance: padded(current),
      accountCurrentBalanceSign: sign(current),
      accountAvailableBalance: padded(current),
      accountAvailableBalanceSign: sign(current),
      effectiveAccountBalance: padded(current),
      effectiveAccountBalanceSign: sign(current),
      averageBalance: padded(current),
      averageBalanceSign: sign(current),
      branchName: `شعبه ${account.branch}`,
      customerName: owner.firstName,
      customerFamilyName: owner.lastName,
      openDate: '13980703',
      accountTypeCode: account.accountType,
      subTypeCode: '01',
      // The same balances under the bank's second names (wire facts §4.9), and the core system's message fields.
      currentBalance: padded(current),
      currentBalanceSign: sign(current),
      availableSign: sign(current),
      backupAccountNumber: backup && backup.iban !== account.iban ? backup.deposit : '',
      cicsTransId: 'OKST',
      seqNo: String(Math.floor(after / PAGE) + 1),
      dataType: 'S',
      acknowledge: 'Y',
      msgnbr: String(last).padStart(6, '0'),
      lastRecordNumber: String(last),
      transactionChain: inRange.some(({ recordNumber }) => recordNumber > last) ? 'M' : 'L',
      transactions: page.map(({ entry, balance, recordNumber }) =>
        transactionOf(account, entry, balance, recordNumber),
      ),
    });
  });

  /** Every movement of the account from `from` to `today`, oldest first. */
  private entriesSince(account: Account, from: JalaliDate, today: JalaliDate): Entry[] {
    const entries: Entry[] = [];
    for (let day = from; daysBetween(day, today) >= 0; day = addDays(day, 1)) {
      for (const movement of movementsOf(account, day)) entries.push({ ...movement, day, referenceId: null });
    }
    for (const transfer of this.ledger.applied()) {
      const day = compactDayOf(`14${transfer.inquiryDate}`);
      const outgoing = transfer.source.iban === account.iban;
      if (!day || daysBetween(from, day) < 0 || (!outgoing && transfer.destination.iban !== account.iban)) continue;
      const other = outgoing ? transfer.destination : transfer.source;
      const holder = personOf(other.owners[0] ?? '');
      entries.push({
        day,
        amount: outgoing ? -transfer.amount : transfer.amount,
        time: transfer.inquiryTime,
        description: transfer.description,
        transactionClass: transfer.rail === 'internal' ? 'LEDGER' : 'IBAN',
        operationCode: outgoing ? '0459' : '0361',
        counterpartyIban: other.iban,
        counterpartyName: `${holder.firstName} ${holder.lastName}`,
        referenceId: transfer.refCode,
      });
    }
    return entries.sort((a, b) => daysBetween(b.day, a.day) || a.time.localeCompare(b.time));
  }

  /** The balance after each entry, counted back from the ledger's balance now. */
  private balancesAfter(account: Account, entries: readonly Entry[]): bigint[] {
    const balances = new Array<bigint>(entries.length);
    let balance = this.ledger.balanceOf(account);
    for (let i = entries.length - 1; i >= 0; i--) {
      balances[i] = balance;
      balance -= entries[i]!.amount;
    }
    return balances;
  }
}
