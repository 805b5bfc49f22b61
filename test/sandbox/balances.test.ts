/** The sandbox's balance inquiry over HTTP: the ledger's balance, for the token's person at the token's bank only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { THREE_BANKS, WOMAN, accountsOf } from '../../sandbox/world/index.js';
import { errorOf, issueToken, resultOf } from './support.js';
import { callWorld, issueCodeToken } from './worldSupport.js';
import { present } from '../helpers/responses.js';

const BALANCE_SCOPE = operation('oakBalanceGet').scope;

let sandbox: Sandbox;
let userToken = '';
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  userToken = await issueCodeToken(sandbox, THREE_BANKS.nationalId, '062', [BALANCE_SCOPE]);
});
afterAll(() => sandbox.close());

const ayandeh = present(
  accountsOf(THREE_BANKS.nationalId).find((account) => account.bank.code === '062'),
  'an Ayandeh account',
);
const balance = (deposit: string, token = userToken) =>
  callWorld(sandbox, token, 'oakBalanceGet', { path: { deposit } });

describe('balance', () => {
  it('answers the ledger’s balance as numbers, with the account and no debit', async () => {
    const amount = Number(sandbox.balanceOf(ayandeh.iban));
    expect(resultOf(await balance(ayandeh.deposit))).toEqual({
      currentBalance: amount,
      availableBalance: amount,
      effectiveBalance: amount,
      number: ayandeh.deposit,
      debit: false,
    });
  });

  it.each([
    [
      'an account of the person at another bank than the token’s',
      present(
        accountsOf(THREE_BANKS.nationalId).find((account) => account.bank.code === '015'),
        'an account at 015',
      ).deposit,
    ],
    ['another person’s account', WOMAN.account.deposit],
    ['no account', '1234.567.890123456.7'],
  ])('refuses %s: 400 invalid deposit', async (_, deposit) => {
    expect(errorOf(await balance(deposit))).toMatchObject({ status: 400, message: 'invalid deposit' });
  });

  it('takes no client-credentials token', async () => {
    const client = (await issueToken(sandbox, [BALANCE_SCOPE])).value;
    expect(errorOf(await balance(ayandeh.deposit, client)).status).toBe(401);
  });
});
