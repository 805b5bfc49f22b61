/** The fictional world as pure functions: encodings, round trips, exactness of cardsOf/accountsOf, samples. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNationalId } from '../../sandbox/validation.js';
import {
  BANKS,
  CLIENT_PERSON,
  DEAD,
  INVALID,
  REGISTRY_SAMPLES,
  blacklistingOf,
  militaryStatusOf,
  passportOf,
  JOINT_HOLDER,
  SAMPLE_PEOPLE,
  THREE_BANKS,
  WOMAN,
  accountAt,
  accountOfCard,
  accountOfDeposit,
  accountOfIban,
  accountsOf,
  addressOf,
  bankByCode,
  banksOf,
  cardsOf,
  ownersOf,
  personOf,
  type SampleAccount,
  type SamplePerson,
} from '../../sandbox/world/index.js';
import { ibanMod97, luhnValid, nationalIdArbitrary } from './worldSupport.js';
import { at, present } from '../helpers/responses.js';

const keyArbitrary = fc.integer({ min: 0, max: 999_999_999 }).map((n) => String(n).padStart(9, '0'));
const bankArbitrary = fc.constantFrom(...BANKS);

describe('persons', () => {
  it('draws every field of a person within its range, the same on every call', () => {
    fc.assert(
      fc.property(nationalIdArbitrary, (nid) => {
        const person = personOf(nid);
        expect(personOf(nid)).toEqual(person);
        expect(person.nationalId).toBe(nid);
        expect(['مرد', 'زن']).toContain(person.gender);
        expect(person.birth.jy).toBeGreaterThanOrEqual(1340);
        expect(person.birth.jy).toBeLessThanOrEqual(1385);
        expect(person.birthDate).toMatch(/^13[4-8]\d\/(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/);
        expect(person.mobile).toMatch(/^09(1\d|9[0-4]|3[035-9]|0[1-5]|41)\d{7}$/);
        expect(person.identityNo === '0').toBe(person.birth.jy > 1368);
        expect(person.address).toEqual(addressOf(person.postalCode));
        expect(person.banks.length).toBeGreaterThanOrEqual(1);
        expect(person.banks.length).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('has about 3% dead and about half women', () => {
    const people = fc.sample(nationalIdArbitrary, { seed: 1, numRuns: 4000 }).map(personOf);
    const dead = people.filter((p) => !p.alive).length / people.length;
    const women = people.filter((p) => p.gender === 'زن').length / people.length;
    expect(dead).toBeGreaterThan(0.01);
    expect(dead).toBeLessThan(0.06);
    expect(women).toBeGreaterThan(0.4);
    expect(women).toBeLessThan(0.6);
  });
});

describe('cards and accounts', () => {
  it('gives every card of a known BIN a valid Luhn digit and an owner who holds that bank', () => {
    fc.assert(
      fc.property(bankArbitrary, keyArbitrary, (bank, key) => {
        const account = accountAt(bank, key);
        expect(account.card).toMatch(new RegExp(`^${bank.bin}${key}\\d$`));
        expect(luhnValid(account.card)).toBe(true);
        expect(accountOfCard(account.card)).toEqual(account);
        for (const owner of account.owners) expect(banksOf(owner)).toContain(bank);
      }),
    );
  });

  it('encodes the account in its IBAN and its account number, both ways', () => {
    fc.assert(
      fc.property(bankArbitrary, keyArbitrary, (bank, key) => {
        const account = accountAt(bank, key);
        expect(account.iban).toMatch(new RegExp(`^IR\\d{2}${bank.code}00\\d{17}$`));
        expect(ibanMod97(account.iban)).toBe(1n);
        expect(account.deposit).toMatch(
          new RegExp(`^\\d{4}\\${bank.separator}\\d{3}\\${bank.separator}${key}\\${bank.separator}\\d$`),
        );
        expect(accountOfIban(account.iban)).toEqual(account);
        expect(accountOfDeposit(account.deposit)).toEqual(account);
        expect(accountOfDeposit(account.deposit.replace(/[.-]/g, '/'), bank)).toEqual(account);
        expect(ownersOf(account.iban)).toEqual(account.owners);
      }),
    );
  });

  it('makes a card owned by the person whose 9 digits it carries when that person banks there', () => {
    fc.assert(
      fc.property(nationalIdArbitrary, (nid) => {
        for (const bank of banksOf(nid)) expect(accountAt(bank, nid.slice(0, 9)).owners[0]).toBe(nid);
      }),
    );
  });

  it('lists exactly the cards and accounts that map back to the person', () => {
    fc.assert(
      fc.property(nationalIdArbitrary, (nid) => {
        const cards = cardsOf(nid);
        const household = Array.from({ length: 10 }, (_, d) => nid.slice(0, 8) + d);
        const expectedCards = BANKS.flatMap((bank) => household.map((key) => accountAt(bank, key)))
          .filter((account) => account.owners[0] === nid)
          .map((account) => account.card);
        expect([...cards].sort()).toEqual([...expectedCards].sort());
        const expectedAccounts = BANKS.flatMap((bank) => household.map((key) => accountAt(bank, key)))
          .filter((account) => account.owners.includes(nid))
          .map((account) => account.iban);
        expect(
          accountsOf(nid)
            .map((account) => account.iban)
            .sort(),
        ).toEqual(expectedAccounts.sort());
        expect(new Set(cards.map((card) => present(accountOfCard(card), 'accountOfCard(…)').bank))).toEqual(
          new Set(banksOf(nid)),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('makes a card anywhere else in the id space belong to someone who lists it', () => {
    fc.assert(
      fc.property(bankArbitrary, keyArbitrary, (bank, key) => {
        const account = accountAt(bank, key);
        expect(cardsOf(at(account.owners, 0))).toContain(account.card);
        for (const owner of account.owners) expect(accountsOf(owner).map((a) => a.iban)).toContain(account.iban);
      }),
      { numRuns: 60 },
    );
  });

  it('has about one joint account in five, with two different owners, and mostly active accounts', () => {
    const accounts = fc
      .sample(fc.tuple(bankArbitrary, keyArbitrary), { seed: 7, numRuns: 3000 })
      .map(([b, k]) => accountAt(b, k));
    const joint = accounts.filter((a) => a.joint);
    expect(joint.length / accounts.length).toBeGreaterThan(0.12);
    expect(joint.length / accounts.length).toBeLessThan(0.3);
    for (const account of joint) expect(new Set(account.owners).size).toBe(2);
    const active = accounts.filter((a) => a.status === '02').length / accounts.length;
    expect(active).toBeGreaterThan(0.8);
    expect(active).toBeLessThan(0.95);
    expect(new Set(accounts.map((a) => a.status))).toEqual(new Set(['02', '03', '04', '05']));
  });

  it('decodes almost no random IBAN body or account number to an account', () => {
    const bodies = fc.sample(fc.tuple(bankArbitrary, fc.stringMatching(/^\d{17}$/)), { seed: 3, numRuns: 500 });
    const found = bodies.filter(([bank, digits]) =>
      accountOfDeposit(`${digits.slice(0, 4)}/${digits.slice(4, 7)}/${digits.slice(7, 16)}/${digits.slice(16)}`, bank),
    );
    expect(found.length).toBeLessThan(3);
  });

  it('refuses cards of unknown BINs, failing Luhn, and IBANs that do not check', () => {
    expect(accountOfCard(INVALID.cardOfUnknownBin)).toBeUndefined();
    expect(accountOfCard(INVALID.cardFailingLuhn)).toBeUndefined();
    expect(accountOfIban(INVALID.ibanFailingMod97)).toBeUndefined();
    expect(accountOfIban(INVALID.ibanOfUnknownBank)).toBeUndefined();
    expect(ibanMod97(INVALID.ibanOfUnknownBank)).toBe(1n);
    expect(accountOfIban(INVALID.ibanOfNoAccount)).toBeUndefined();
    expect(ibanMod97(INVALID.ibanOfNoAccount)).toBe(1n);
    expect(accountOfDeposit(INVALID.depositOfNoAccount)).toBeUndefined();
    expect(addressOf(INVALID.postalCode)).toBeUndefined();
    expect(isValidNationalId(INVALID.nationalId)).toBe(false);
    expect(isValidNationalId(INVALID.repeatedNationalId)).toBe(false);
  });
});

describe('samples', () => {
  const personFields = (
    p: Pick<
      SamplePerson,
      'nationalId' | 'firstName' | 'lastName' | 'gender' | 'birthDate' | 'alive' | 'mobile' | 'postalCode'
    > & {
      banks: readonly (string | { code: string })[];
    },
  ) => ({
    nationalId: p.nationalId,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthDate: p.birthDate,
    alive: p.alive,
    mobile: p.mobile,
    postalCode: p.postalCode,
    banks: p.banks.map((b) => (typeof b === 'string' ? b : b.code)),
  });

  function expectAccount(sample: SampleAccount): void {
    const account = present(accountOfCard(sample.card), `the account of card ${sample.card}`);
    expect({
      bankCode: account.bank.code,
      card: account.card,
      deposit: account.deposit,
      iban: account.iban,
      status: account.status,
      owners: account.owners,
    }).toEqual(sample);
  }

  it.each(SAMPLE_PEOPLE.map((p) => [p.nationalId, p] as const))('%s is what the world says', (nid, sample) => {
    expect(personFields(personOf(nid))).toEqual(personFields(sample));
    expectAccount(sample.account);
    expect(cardsOf(nid)).toContain(sample.account.card);
  });

  it('has the people it promises', () => {
    expect(personOf(WOMAN.nationalId).gender).toBe('زن');
    expect(personOf(WOMAN.nationalId).identityNo).toBe('0');
    expect(personOf(DEAD.nationalId).alive).toBe(false);
    expect(personOf(THREE_BANKS.nationalId).banks).toHaveLength(3);
    expectAccount(THREE_BANKS.ayandeh);
    expect(bankByCode(THREE_BANKS.ayandeh.bankCode)?.code).toBe('062');
    expect(accountOfCard(JOINT_HOLDER.account.card)?.joint).toBe(true);
    expect(personOf(JOINT_HOLDER.nationalId).identityNo).toBe(JOINT_HOLDER.identityNo);
    expect(accountsOf(JOINT_HOLDER.coOwner).map((a) => a.iban)).toContain(JOINT_HOLDER.account.iban);
    expect(CLIENT_PERSON.nationalId).toBe('0499370899');
    expect(passportOf(REGISTRY_SAMPLES.passportHolder)).toMatchObject({ hasPassport: true, passportStatus: 'معتبر' });
    expect(blacklistingOf(REGISTRY_SAMPLES.blacklisted).isBlocked).toBe(true);
    expect(militaryStatusOf(REGISTRY_SAMPLES.conscript).isAllowed).toBe(false);
  });
});
