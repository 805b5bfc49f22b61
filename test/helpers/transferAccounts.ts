/** The sandbox accounts the money-moving tests use: two Ayandeh (062) accounts of the THREE_BANKS person. */
import { THREE_BANKS, accountsOf } from '../fixtures/sandbox.js';
import { present } from './responses.js';

/** `rich`, a source with money to spare, and `other`, a second account of the same person at the same bank. */
export function transferAccounts() {
  const ayandeh = accountsOf(THREE_BANKS.nationalId).filter((account) => account.bank.code === '062');
  return {
    rich: present(
      ayandeh.find((account) => account.iban === 'IR760620062000301235200542'),
      'rich',
    ),
    other: present(
      ayandeh.find((account) => account.iban === 'IR330620025360301235200501'),
      'other',
    ),
  };
}
