/** BankAccount.statement over HTTP: balances that chain and end at the ledger, transfers on it, paging, ranges, refusals. */
import { randomUUID } from 'node:crypto';
import { toJalaali } from 'jalaali-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PERSON, JOINT_HOLDER, WOMAN, accountsOf } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness, type GraphQLResponse } from '../helpers/harness.js';
import { at, dataOf, firstError, present } from '../helpers/responses.js';

const h = useHarness();
const clientAccounts = accountsOf(CLIENT_PERSON.nationalId).filter((account) => account.bank.code === '019');
const own = at(clientAccounts, 0);
const ownOther = at(clientAccounts, 1);

/** A Persian-calendar day `daysAgo` before today in Tehran, `YYYY/MM/DD`. */
function jalaliDaysAgo(daysAgo: number): string {
  const tehran = new Date(Date.now() + 3.5 * 3_600_000 - daysAgo * 86_400_000);
  const { jy, jm, jd } = toJalaali(tehran.getUTCFullYear(), tehran.getUTCMonth() + 1, tehran.getUTCDate());
  return `${jy}/${String(jm).padStart(2, '0')}/${String(jd).padStart(2, '0')}`;
}

interface Entry {
  recordNumber: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: string;
  balance: string;
  description: string;
  bookedAt: { jalali: string; iso: string };
  kind: string;
  counterpartyIban: string | null;
}
interface Statement {
  currentBalance: string;
  availableBalance: string;
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: Entry[];
}

const FIELDS =
  'currentBalance availableBalance totalCount pageInfo { hasNextPage endCursor } nodes { recordNumber direction amount balance description bookedAt { jalali iso } kind counterpartyIban }';
async function statement(
  iban: string,
  args: string,
): Promise<{ statement: Statement | null; errors: GraphQLResponse['errors'] }> {
  const res = await h.gql<{ account: { statement: Statement | null } }>(
    `{ account(iban: "${iban}") { statement(${args}) { ${FIELDS} } } }`,
  );
  return { statement: res.data?.account?.statement ?? null, errors: res.errors };
}

describe('BankAccount.statement', () => {
  let handle = '';
  beforeAll(async () => {
    handle = await codeConsent(h.gql, CLIENT_PERSON.nationalId, '019');
  });

  it('lists the range oldest first, each balance following from the one before, ending at the balance now', async () => {
    const { statement: found, errors } = await statement(
      own.iban,
      `from: "${jalaliDaysAgo(30)}", to: "${jalaliDaysAgo(0)}", first: 100`,
    );
    expect(errors).toBeUndefined();
    const s = present(found, 'the statement');
    expect(s.currentBalance).toBe(String(h.sandbox.balanceOf(own.iban)));
    expect(s.nodes).toHaveLength(s.totalCount);
    expect(s.totalCount).toBeGreaterThan(5);
    expect(at(s.nodes, 0).bookedAt.jalali).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    for (let i = 1; i < s.nodes.length; i++) {
      const [previous, entry] = [at(s.nodes, i - 1), at(s.nodes, i)];
      const delta = BigInt(entry.amount) * (entry.direction === 'CREDIT' ? 1n : -1n);
      expect(BigInt(entry.balance), entry.recordNumber).toBe(BigInt(previous.balance) + delta);
      expect(entry.bookedAt.iso >= previous.bookedAt.iso).toBe(true);
    }
    if (s.nodes.length > 0) expect(at(s.nodes, -1).balance).toBe(s.currentBalance);
  });

  it('shows a transfer on both accounts, with the balance it left', async () => {
    // The day is read before and after the transfer, so that one booked around Tehran midnight is in range.
    const day = jalaliDaysAgo(0);
    const input = {
      idempotencyKey: randomUUID(),
      nationalId: CLIENT_PERSON.nationalId,
      sourceAccountNumber: own.deposit,
      destination: ownOther.iban,
      amount: '123000',
      description: 'انتقال آزمایشی',
      // Names are required for a transfer to an IBAN, which the bank may send by Paya or Satna.
      destinationFirstName: CLIENT_PERSON.firstName,
      destinationLastName: CLIENT_PERSON.lastName,
    };
    const sent = await h.gql<{ transfer: { __typename: string } }>(
      'mutation($input: TransferInput!) { transfer(input: $input) { __typename } }',
      { input },
      withHandle(handle),
    );
    expect(dataOf(sent).transfer.__typename).toBe('TransferCompleted');
    const today = `from: "${day}", to: "${jalaliDaysAgo(0)}", first: 100`;
    const source = present((await statement(own.iban, today)).statement, 'source');
    const destination = present((await statement(ownOther.iban, today)).statement, 'destination');
    expect(source.nodes.find((entry) => entry.description === 'انتقال آزمایشی')).toMatchObject({
      direction: 'DEBIT',
      amount: '123000',
      kind: 'LEDGER',
    });
    expect(destination.nodes.find((entry) => entry.description === 'انتقال آزمایشی')).toMatchObject({
      direction: 'CREDIT',
      amount: '123000',
      counterpartyIban: null,
    });
    expect(source.currentBalance).toBe(String(h.sandbox.balanceOf(own.iban)));
  });

  it('gives every documented field of a transaction, and links counterparties to their accounts', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ account: { statement: { nodes: Array<Record<string, unknown>> } } }>(
      `{ account(iban: "${own.iban}") { statement(from: "${jalaliDaysAgo(30)}", to: "${jalaliDaysAgo(0)}", first: 100) { nodes {
        kind counterpartyIban operationCode operationMessage chequeNumber branchNumber optionalInformation
        optionalInformation1 optionalInformation15 optionalInformation30 requestDate requestTime originKey rawOriginKey
        userId source additionalInformation refCode transactionAmount keshavarzi { deposit }
        counterpartyAccount { iban bank { code } }
        ibanInformation { branchCode bankCode reasonDescription transactionClass name destinationIban chargeAmount payId
          transactionTypeCode referenceId destinationAccount { iban } }
        cardInformation { branchCode bankCode transactionClass referenceNo sourcePan acquiringNo transactionTypeCode
          deviceSerial trace }
        ledgerInformation { transactionClass transactionTypeCode reverseIndex }
      } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const nodes = dataOf(res).account.statement.nodes;
    const byKind = (kind: string) =>
      present(
        nodes.find((node) => node.kind === kind),
        kind,
      );
    const iban = byKind('IBAN');
    const counterparty = String(iban.counterpartyIban);
    expect(iban).toMatchObject({
      operationCode: expect.stringMatching(/^\d+$/),
      operationMessage: expect.any(String),
      branchNumber: own.branch,
      optionalInformation1: expect.stringMatching(/^[CD]$/),
      requestDate: expect.stringMatching(/^\d{8}$/),
      requestTime: expect.stringMatching(/^\d{6}$/),
      originKey: expect.stringMatching(/^\d+$/),
      rawOriginKey: expect.stringContaining(own.branch),
      userId: 'SYSTEM',
      source: 'CORE',
      additionalInformation: [expect.any(String), 'IBAN', expect.any(String)],
      refCode: null,
      transactionAmount: null,
      keshavarzi: null,
      counterpartyAccount: { iban: counterparty, bank: { code: counterparty.slice(4, 7) } },
      ibanInformation: {
        branchCode: own.branch,
        bankCode: counterparty.slice(4, 7),
        reasonDescription: '1',
        transactionClass: 'IBAN',
        name: expect.any(String),
        destinationIban: counterparty,
        chargeAmount: '0',
        payId: null,
        transactionTypeCode: '61',
        referenceId: null,
        destinationAccount: { iban: counterparty },
      },
      cardInformation: null,
      ledgerInformation: null,
    });
    expect(byKind('CARD')).toMatchObject({
      source: 'SHETAB',
      cardInformation: {
        branchCode: own.branch,
        bankCode: own.bank.code,
        transactionClass: 'CARD',
        sourcePan: `${own.card.slice(0, 6)}******${own.card.slice(12)}`,
        transactionTypeCode: '14',
        deviceSerial: `POS${own.branch}`,
        trace: expect.stringMatching(/^\d{6}$/),
      },
      ibanInformation: null,
    });
    // The links need no call: the accounts are known by IBAN until one of their fields asks.
    expect(callCounts(h)).toEqual({ oakIbanInquiryGet: 1, oakCcStatementGet: 1 });
  });

  it('reads the counterparties’ accounts in one IBAN inquiry each, however many transactions share one', async () => {
    const range = `from: "${jalaliDaysAgo(30)}", to: "${jalaliDaysAgo(0)}", first: 100`;
    h.sandbox.clearCalls();
    const res = await h.gql<{
      account: { statement: { nodes: Array<{ counterpartyIban: string | null; counterpartyAccount: unknown }> } };
    }>(
      `{ account(iban: "${own.iban}") { statement(${range}) { nodes { counterpartyIban counterpartyAccount { status } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const nodes = dataOf(res).account.statement.nodes;
    const others = new Set(nodes.flatMap((node) => (node.counterpartyIban ? [node.counterpartyIban] : [])));
    expect(others.size).toBeGreaterThan(0);
    for (const node of nodes)
      if (node.counterpartyIban) expect(node.counterpartyAccount).toEqual({ status: expect.any(String) });
    // One for the account's own number, one per distinct counterparty (the loader batches and dedupes).
    expect(callCounts(h)).toEqual({
      oakIbanInquiryGet: 1 + others.size - (others.has(own.iban) ? 1 : 0),
      oakCcStatementGet: 1,
    });
  });

  it('gives the account details the statement carries beside its transactions', async () => {
    const res = await h.gql<{ account: { statement: { details: Record<string, unknown> } } }>(
      `{ account(iban: "${own.iban}") { statement(from: "${jalaliDaysAgo(3)}", to: "${jalaliDaysAgo(0)}") { details {
        iban branchCode branchName holderFirstName holderLastName openedOn { jalali } accountTypeCode subTypeCode
        effectiveBalance averageBalance
      } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const balance = String(h.sandbox.balanceOf(own.iban));
    expect(dataOf(res).account.statement.details).toEqual({
      iban: own.iban,
      branchCode: own.branch,
      branchName: `شعبه ${own.branch}`,
      holderFirstName: CLIENT_PERSON.firstName,
      holderLastName: CLIENT_PERSON.lastName,
      openedOn: { jalali: '1398/07/03' },
      accountTypeCode: own.accountType,
      subTypeCode: '01',
      effectiveBalance: balance,
      averageBalance: balance,
    });
  });

  it('pages through the range with cursors, one statement read per page', async () => {
    const range = `from: "${jalaliDaysAgo(30)}", to: "${jalaliDaysAgo(1)}"`;
    const whole = present((await statement(own.iban, `${range}, first: 100`)).statement, 'whole');
    h.sandbox.clearCalls();
    const first = present((await statement(own.iban, `${range}, first: 3`)).statement, 'first');
    const rest = present(
      (await statement(own.iban, `${range}, first: 100, after: "${first.pageInfo.endCursor}"`)).statement,
      'rest',
    );
    expect([...first.nodes, ...rest.nodes]).toEqual(whole.nodes);
    expect(first.pageInfo.hasNextPage).toBe(whole.totalCount > 3);
    expect(callCounts(h)).toEqual({ oakIbanInquiryGet: 2, oakCcStatementGet: 2 });
  });

  it('follows the upstream’s pages of 100 transactions to read a busy day whole', async () => {
    const send = (i: number) =>
      h.gql(
        'mutation($input: TransferInput!) { transfer(input: $input) { __typename } }',
        {
          input: {
            idempotencyKey: randomUUID(),
            nationalId: CLIENT_PERSON.nationalId,
            sourceAccountNumber: ownOther.deposit,
            destination: own.deposit,
            amount: String(10_000 + i),
            description: `پرداخت ${i}`,
          },
        },
        withHandle(handle),
      );
    const day = jalaliDaysAgo(0);
    for (let i = 0; i < 105; i++) await send(i);
    const range = `from: "${day}", to: "${jalaliDaysAgo(0)}"`;
    h.sandbox.clearCalls();
    const today = present((await statement(ownOther.iban, `${range}, first: 100`)).statement, 'today');
    expect(today.totalCount).toBeGreaterThanOrEqual(105);
    const calls = h.upstreamCalls('oakCcStatementGet');
    expect(calls.map((call) => call.query['lastRecordNumber'])).toEqual([undefined, '100']);
    const rest = present(
      (await statement(ownOther.iban, `${range}, first: 100, after: "${today.pageInfo.endCursor}"`)).statement,
      'the rest',
    );
    expect(today.nodes.length + rest.nodes.length).toBe(today.totalCount);
    expect(at(rest.nodes, -1).balance).toBe(String(h.sandbox.balanceOf(ownOther.iban)));
  });

  it('refuses another person’s account upstream, on that field alone', async () => {
    const { statement: s, errors } = await statement(
      WOMAN.account.iban,
      `from: "${jalaliDaysAgo(3)}", to: "${jalaliDaysAgo(0)}"`,
    );
    expect(s).toBeNull();
    expect(firstError({ errors })).toMatchObject({
      path: ['account', 'statement'],
      extensions: { code: 'UPSTREAM_REJECTED' },
    });
  });

  it.each([
    ['a range over 31 days', `from: "${jalaliDaysAgo(31)}", to: "${jalaliDaysAgo(0)}"`, 'to'],
    ['`to` before `from`', `from: "${jalaliDaysAgo(1)}", to: "${jalaliDaysAgo(2)}"`, 'to'],
    ['a day that does not exist', 'from: "1403/12/31", to: "1404/01/05"', 'from'],
    ['a page larger than 100', `from: "${jalaliDaysAgo(1)}", to: "${jalaliDaysAgo(0)}", first: 101`, 'first'],
    ['a range ending tomorrow', `from: "${jalaliDaysAgo(2)}", to: "${jalaliDaysAgo(-1)}"`, 'to'],
    ['a range wholly in the future', `from: "${jalaliDaysAgo(-5)}", to: "${jalaliDaysAgo(-3)}"`, 'to'],
    ['an hour past 23', `from: "${jalaliDaysAgo(1)}", to: "${jalaliDaysAgo(0)}", fromTime: "24:00:00"`, 'fromTime'],
    ['a time without seconds', `from: "${jalaliDaysAgo(1)}", to: "${jalaliDaysAgo(0)}", toTime: "12:30"`, 'toTime'],
    ['a time half with colons', `from: "${jalaliDaysAgo(1)}", to: "${jalaliDaysAgo(0)}", toTime: "12:3000"`, 'toTime'],
    [
      'one day whose end is before its start',
      `from: "${jalaliDaysAgo(1)}", to: "${jalaliDaysAgo(1)}", fromTime: "12:00:00", toTime: "11:59:59"`,
      'toTime',
    ],
  ])('refuses %s before any upstream call', async (_, args, argumentPath) => {
    const { errors } = await statement(own.iban, args);
    expect(firstError({ errors })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath } });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('keeps to the times of day given on the first and the last day, and sends them', async () => {
    // Days before this file's transfers (made today), so the window holds the world's own movements.
    const range = `from: "${jalaliDaysAgo(30)}", to: "${jalaliDaysAgo(20)}", first: 100`;
    const whole = present((await statement(own.iban, range)).statement, 'the whole days').nodes;
    const seconds = (entry: Entry) => {
      const [hh, mm, ss] = entry.bookedAt.jalali.slice(11).split(':').map(Number) as [number, number, number];
      return hh * 3600 + mm * 60 + ss;
    };
    const clock = (total: number) =>
      [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60].map((n) => String(n).padStart(2, '0'));
    const dayOf = (entry: Entry) => entry.bookedAt.jalali.slice(0, 10);
    const [firstEntry, lastEntry] = [at(whole, 0), at(whole, whole.length - 1)];
    // A second after the first movement, a second before the last: both fall outside.
    const fromTime = clock(seconds(firstEntry) + 1).join(':');
    const toTime = clock(seconds(lastEntry) - 1).join('');
    const bounded = await statement(
      own.iban,
      `from: "${dayOf(firstEntry)}", to: "${dayOf(lastEntry)}", fromTime: "${fromTime}", toTime: "${toTime}", first: 100`,
    );
    expect(bounded.errors).toBeUndefined();
    const nodes = present(bounded.statement, 'the bounded statement').nodes;
    const expected = whole.filter(
      (entry) =>
        !(dayOf(entry) === dayOf(firstEntry) && seconds(entry) < seconds(firstEntry) + 1) &&
        !(dayOf(entry) === dayOf(lastEntry) && seconds(entry) > seconds(lastEntry) - 1),
    );
    expect(expected.length).toBeLessThanOrEqual(whole.length - 2);
    expect(nodes.map((entry) => entry.recordNumber)).not.toContain(firstEntry.recordNumber);
    expect(nodes.map((entry) => entry.description)).toEqual(expected.map((entry) => entry.description));
    expect(h.upstreamCalls('oakCcStatementGet').at(-1)?.query).toMatchObject({
      fromTime: fromTime.replace(/:/g, ''),
      toTime,
    });
  });

  it('refuses a time of day for a Keshavarzi account, whose statements take none, before any upstream call', async () => {
    expect(JOINT_HOLDER.account.iban.slice(4, 7)).toBe('016');
    const { errors } = await statement(
      JOINT_HOLDER.account.iban,
      `from: "${jalaliDaysAgo(1)}", to: "${jalaliDaysAgo(0)}", fromTime: "08:00:00"`,
    );
    expect(firstError({ errors })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath: 'fromTime' } });
    expect(h.upstreamCalls()).toEqual([]);
  });
});
