import { RecordReader, type JsonObject } from './read.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { StatementEntryRecord, StatementRecord } from './types/statements.js';

/** The upstream's pages are 100 transactions; 31 days of a busy account stay well within this many. */
const MAX_PAGES = 30;

/** Account statements under client credentials: the client's own accounts (wire facts §4.9). */
export class StatementAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

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
