/** BankAccount.balance's checks before the balance inquiry, on a context of the test's own. */
import { describe, expect, it, vi } from 'vitest';
import type { Context } from '../../src/context.js';
import { BankAccount } from '../../src/resolvers/accounts/BankAccount.js';

const IBAN = 'IR' + '00' + '019' + '0'.repeat(19);

function contextWith(accounts: readonly string[] | undefined) {
  const getBalance = vi.fn(async () => ({ currentBalance: '1' }));
  const context = {
    consent: {
      describe: async () => ({
        nationalId: '0499370899',
        bank: '019',
        accounts,
        scopes: [],
        grant: 'authorization_code',
      }),
    },
    dataSources: { accounts: { authorizeBalance: vi.fn(async () => undefined), getBalance } },
  } as unknown as Context;
  return { context, getBalance };
}

type BalanceResolver = (parent: unknown, args: unknown, context: Context) => Promise<unknown>;
const balance = BankAccount.balance as unknown as BalanceResolver;

describe('BankAccount.balance checks', () => {
  it('refuses a consent that lists no authorized accounts at all, sending no balance inquiry', async () => {
    const { context, getBalance } = contextWith(undefined);
    await expect(balance({ iban: IBAN, accountNumber: '0101-123-1' }, {}, context)).rejects.toMatchObject({
      extensions: { code: 'FORBIDDEN' },
    });
    expect(getBalance).not.toHaveBeenCalled();
  });

  it('refuses when the list is empty, saying so', async () => {
    const { context, getBalance } = contextWith([]);
    await expect(balance({ iban: IBAN, accountNumber: '0101-123-1' }, {}, context)).rejects.toThrow(/lists no account/);
    expect(getBalance).not.toHaveBeenCalled();
  });

  it('names the account as the token lists it, whatever separators the caller wrote', async () => {
    const { context, getBalance } = contextWith(['0101.123.1']);
    await balance({ iban: IBAN, accountNumber: '0101-123-1' }, {}, context);
    expect(getBalance).toHaveBeenCalledWith('0101.123.1', '0499370899');
  });
});
