/** BankAccount.balance over HTTP: the ledger's balance under the holder's code consent, and its refusals. */
import { beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/datasources/upstream/operations.js';
import { CLIENT_PERSON, JOINT_HOLDER, accountsOf } from '../fixtures/sandbox.js';
import { TRANSFER_SCOPE, codeConsent, withHandle } from '../consent/support.js';
import { jalaliDaysAhead } from '../helpers/dates.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError, present } from '../helpers/responses.js';

const h = useHarness();
const BALANCE_SCOPE = operation('oakBalanceGet').scope;
const own = at(
  accountsOf(CLIENT_PERSON.nationalId).filter((account) => account.bank.code === '019'),
  0,
);
/** An account at the consent's bank that the person does not hold. */
const someoneElses = at(
  accountsOf(JOINT_HOLDER.nationalId).filter(
    (account) => account.bank.code === '061' && !account.owners.includes(CLIENT_PERSON.nationalId),
  ),
  0,
);

interface Balance {
  currentBalance: string;
  availableBalance: string;
  effectiveBalance: string;
  frozenAmount: string | null;
  accountNumber: string;
  debit: boolean;
}

const BALANCE = `query($iban: String!) { account(iban: $iban) {
  balance { currentBalance availableBalance effectiveBalance frozenAmount accountNumber debit } } }`;

const balanceOf = (iban: string, handle?: string) =>
  h.gql<{ account: { balance: Balance | null } }>(BALANCE, { iban }, handle ? withHandle(handle) : {});

describe('BankAccount.balance', () => {
  let handle = '';
  beforeAll(async () => {
    handle = await codeConsent(h.gql, CLIENT_PERSON.nationalId, '019', [BALANCE_SCOPE]);
  });

  it('is the ledger’s balance, where the statement ends, in one balance call', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ account: { balance: Balance; statement: { currentBalance: string } } }>(
      `query($iban: String!, $from: String!, $to: String!) { account(iban: $iban) {
        balance { currentBalance availableBalance effectiveBalance frozenAmount accountNumber debit }
        statement(from: $from, to: $to, first: 0) { currentBalance } } }`,
      { iban: own.iban, from: jalaliDaysAhead(-2), to: jalaliDaysAhead(0) },
      withHandle(handle),
    );
    expect(res.errors).toBeUndefined();
    const { balance, statement } = dataOf(res).account;
    const ledger = String(h.sandbox.balanceOf(own.iban));
    expect(balance).toEqual({
      currentBalance: ledger,
      availableBalance: ledger,
      effectiveBalance: ledger,
      frozenAmount: null,
      accountNumber: own.deposit,
      debit: false,
    });
    expect(statement.currentBalance).toBe(ledger);
    expect(h.upstreamCalls('oakBalanceGet')).toHaveLength(1);
    expect(at(h.upstreamCalls('oakBalanceGet'), 0).status).toBe(200);
  });

  it('asks the IBAN inquiry for the account number, then the balance: one call each', async () => {
    h.sandbox.clearCalls();
    const res = await balanceOf(own.iban, handle);
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).account.balance?.currentBalance).toBe(String(h.sandbox.balanceOf(own.iban)));
    expect(callCounts(h)).toEqual({ oakIbanInquiryGet: 1, oakBalanceGet: 1 });
  });

  it('refuses without a consent (CONSENT_REQUIRED), calling nothing', async () => {
    h.sandbox.clearCalls();
    const res = await balanceOf(own.iban);
    expect(res.data?.account.balance).toBeNull();
    expect(firstError(res).extensions).toMatchObject({ code: 'CONSENT_REQUIRED', scope: BALANCE_SCOPE });
    expect(firstError(res).path).toEqual(['account', 'balance']);
    expect(h.upstreamCalls('oakBalanceGet')).toEqual([]);
  });

  it('refuses a consent without the balance scope (CONSENT_REQUIRED), calling nothing', async () => {
    const transferOnly = await codeConsent(h.gql, CLIENT_PERSON.nationalId, '019', [TRANSFER_SCOPE]);
    h.sandbox.clearCalls();
    const res = await balanceOf(own.iban, transferOnly);
    expect(firstError(res).extensions?.['code']).toBe('CONSENT_REQUIRED');
    expect(h.upstreamCalls('oakBalanceGet')).toEqual([]);
  });

  it('refuses an account of another bank than the consent’s (FORBIDDEN), calling nothing', async () => {
    const other = at(
      accountsOf(CLIENT_PERSON.nationalId).filter((account) => account.bank.code === '061'),
      0,
    );
    h.sandbox.clearCalls();
    const res = await balanceOf(other.iban, handle);
    expect(res.data?.account.balance).toBeNull();
    expect(firstError(res).extensions?.['code']).toBe('FORBIDDEN');
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('refuses an account the person did not authorize (FORBIDDEN), calling nothing', async () => {
    const foreign = await codeConsent(h.gql, CLIENT_PERSON.nationalId, someoneElses.bank.code, [BALANCE_SCOPE]);
    h.sandbox.clearCalls();
    const res = await balanceOf(someoneElses.iban, foreign);
    expect(res.data?.account.balance).toBeNull();
    expect(firstError(res).extensions?.['code']).toBe('FORBIDDEN');
    expect(h.upstreamCalls('oakBalanceGet')).toEqual([]);
  });

  it('gives Khavarmianeh’s frozen amount', async () => {
    const holder = '1234000075';
    const account = present(
      accountsOf(holder).find((candidate) => candidate.bank.code === '078'),
      'a Khavarmianeh account',
    );
    const khavarmianeh = await codeConsent(h.gql, holder, '078', [BALANCE_SCOPE]);
    const res = await balanceOf(account.iban, khavarmianeh);
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).account.balance).toMatchObject({
      currentBalance: String(h.sandbox.balanceOf(account.iban)),
      frozenAmount: '0',
    });
  });
});
