/** BouncedCheque.account: a bounced cheque's drawer account, through the batched number-to-IBAN conversion. */
import { describe, expect, it } from 'vitest';
import { CREDIT_SAMPLES, accountsOf, bouncedChequesOf } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';

const h = useHarness();
const { borrower } = CREDIT_SAMPLES;

describe('BouncedCheque.account', () => {
  it('links each cheque to the drawer’s account, one conversion per distinct account', async () => {
    const res = await h.gql<{
      person: { bouncedCheques: { cheques: Array<{ accountNumber: string; account: { iban: string } | null }> } };
    }>(
      `query($nid: String!) { person(nationalId: $nid) { bouncedCheques { cheques { accountNumber account { iban } } } } }`,
      { nid: borrower.nationalId },
    );
    expect(res.errors).toBeUndefined();
    const cheques = dataOf(res).person.bouncedCheques.cheques;
    const world = bouncedChequesOf(borrower.nationalId);
    expect(cheques.length).toBeGreaterThan(1);
    const own = accountsOf(borrower.nationalId);
    cheques.forEach((cheque, i) => {
      // The world draws a person's cheques on their own accounts: the link finds that account.
      const drawn = own.find((account) => account.deposit === at(world, i).accountNumber);
      expect(cheque.account).toEqual(drawn ? { iban: drawn.iban } : null);
    });
    expect(cheques.some((cheque) => cheque.account !== null)).toBe(true);
    const distinct = new Set(world.map((cheque) => `${cheque.bankCode}|${cheque.accountNumber}`));
    const counts = callCounts(h);
    expect(counts['facilityDepositToIbanGet']).toBe(distinct.size);
    // Besides the conversions, only the bounced-cheque inquiry itself.
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(distinct.size + 1);
  });
});
