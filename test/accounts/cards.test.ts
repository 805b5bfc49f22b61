import { describe, expect, it } from 'vitest';
import { bankByCode, CLIENT_PERSON, INVALID, JOINT_HOLDER, THREE_BANKS, WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, errorCode, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

const callCounts = () => {
  const counts: Record<string, number> = {};
  for (const call of h.upstreamCalls()) counts[call.operationId] = (counts[call.operationId] ?? 0) + 1;
  return counts;
};

const CARD = `query($number: String!) {
  card(number: $number) {
    number maskedNumber holderName bank { code name } iban accountNumber
    account { iban bank { code name } accountNumber status holders { firstName lastName fullName } }
  }
}`;

interface CardData {
  card: {
    number: string;
    maskedNumber: string;
    holderName: string;
    bank: { code: string; name: string };
    iban: string;
    accountNumber: string;
    account: {
      iban: string;
      bank: { code: string; name: string };
      accountNumber: string;
      status: string;
      holders: Array<{ firstName: string; lastName: string; fullName: string }>;
    };
  };
}

describe('cards', () => {
  it('links a card to its holder, bank and account, all agreeing with each other', async () => {
    const { account } = WOMAN;
    const res = await h.gql<CardData>(CARD, { number: account.card });
    expect(res.errors).toBeUndefined();
    const card = dataOf(res).card;
    expect(card).toMatchObject({
      number: account.card,
      holderName: `${WOMAN.firstName} ${WOMAN.lastName}`,
      bank: { code: '056', name: present(bankByCode('056'), 'bankByCode(…)').name },
      iban: account.iban,
      accountNumber: account.deposit,
      account: {
        iban: account.iban,
        bank: { code: '056', name: present(bankByCode('056'), 'bankByCode(…)').name },
        accountNumber: account.deposit,
        status: 'ACTIVE',
        // The card-to-IBAN conversion names the holders as one string: whole names only.
        holders: [{ firstName: null, lastName: null, fullName: `${WOMAN.firstName} ${WOMAN.lastName}` }],
      },
    });
    expect(card.maskedNumber).toMatch(/^\d{4}-\d{2}xx-xxxx-\d{4}$/);
    // The account's number, status and holders come from the card-to-IBAN answer: no IBAN inquiry.
    expect(callCounts()).toEqual({
      mpgCardInformationGet: 1,
      facilityCardToIbanGet: 1,
      facilityCardToDepositGet: 1,
      facilityBanksInfoGet: 1,
    });
  });

  it('sends the card inquiry and the version-2 conversion exactly as the upstream expects', async () => {
    await h.gql(`{ card(number: "${CLIENT_PERSON.account.card}") { holderName iban } }`);
    const byId = Object.fromEntries(h.upstreamCalls().map((call) => [call.operationId, call]));
    expect(present(byId.mpgCardInformationGet, 'byId.mpgCardInformationGet').path).toBe(
      `/mpg/v2/clients/${h.sandbox.options.clientId}/cards/${CLIENT_PERSON.account.card}`,
    );
    expect(present(byId.facilityCardToIbanGet, 'byId.facilityCardToIbanGet').query).toMatchObject({
      version: '2',
      card: CLIENT_PERSON.account.card,
    });
  });

  it('accepts a card number with separators and Persian digits', async () => {
    const spaced = THREE_BANKS.account.card
      .replace(/(\d{4})(?=\d)/g, '$1-')
      .replace(/\d/g, (d) => present('۰۱۲۳۴۵۶۷۸۹'[Number(d)], 'a Persian digit'));
    const res = await h.gql<{ card: { number: string; iban: string } }>(
      `query($n: String!) { card(number: $n) { number iban } }`,
      { n: spaced },
    );
    expect(dataOf(res).card).toEqual({ number: THREE_BANKS.account.card, iban: THREE_BANKS.account.iban });
  });

  it.each([
    ['a card failing the Luhn check', INVALID.cardFailingLuhn],
    ['a 15-digit card', WOMAN.account.card.slice(1)],
  ])('refuses %s before any upstream call', async (_, number) => {
    const res = await h.gql(CARD, { number });
    expect(res.data).toEqual({ card: null });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'number' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('reports a card the upstream does not know as an upstream rejection on the fields, not the card', async () => {
    const res = await h.gql<{ card: { number: string; holderName: string | null } }>(
      `{ card(number: "${INVALID.cardOfUnknownBin}") { number holderName bank { code } } }`,
    );
    expect(partialDataOf(res).card).toEqual({ number: INVALID.cardOfUnknownBin, holderName: null, bank: null });
    expect(errorCode(res)).toBe('UPSTREAM_REJECTED');
  });
});

describe('bank accounts', () => {
  it('lists both holders of a joint account', async () => {
    const res = await h.gql<{ account: { holders: Array<{ fullName: string }> } }>(
      `{ account(iban: "${JOINT_HOLDER.account.iban}") { holders { fullName } } }`,
    );
    expect(res.errors).toBeUndefined();
    const names = dataOf(res).account.holders.map((holder) => holder.fullName);
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(`${JOINT_HOLDER.firstName} ${JOINT_HOLDER.lastName}`);
  });

  it('finds an account by its number at a bank, through the upstream conversion to IBAN', async () => {
    const { account } = THREE_BANKS;
    const res = await h.gql<{ accountByNumber: { iban: string; accountNumber: string } }>(
      `query($b: String!, $n: String!) { accountByNumber(bankCode: $b, accountNumber: $n) { iban accountNumber } }`,
      { b: account.bankCode, n: account.deposit },
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).accountByNumber).toEqual({ iban: account.iban, accountNumber: account.deposit });
    const conversion = at(h.upstreamCalls('facilityDepositToIbanGet'), 0);
    // The conversion wants `/` between the groups of the number (wire facts §4.1).
    expect(conversion.query).toMatchObject({
      deposit: account.deposit.replaceAll('.', '/'),
      bankCode: account.bankCode,
    });
  });

  it('keeps the account number as it was given, separators and all: the conversion only echoes it', async () => {
    const { account } = WOMAN;
    const given = account.deposit.replace(/\D+/g, '.');
    const res = await h.gql<{ accountByNumber: { iban: string; accountNumber: string } }>(
      `query($b: String!, $n: String!) { accountByNumber(bankCode: $b, accountNumber: $n) { iban accountNumber } }`,
      { b: account.bankCode, n: given },
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).accountByNumber).toEqual({ iban: account.iban, accountNumber: given });
    // The conversion's `deposit` is the number sent, its groups joined by `/`: the same digits and groups.
    const conversion = at(h.upstreamCalls('facilityDepositToIbanGet'), 0);
    expect(conversion.query['deposit']).toBe(given.replaceAll('.', '/'));
    expect(conversion.answer).toMatchObject({ result: { deposit: given.replaceAll('.', '/') } });
    expect(callCounts()).toEqual({ facilityDepositToIbanGet: 1 });
  });

  it('answers status and holders of an account found by number from the conversion alone', async () => {
    const { account } = JOINT_HOLDER;
    const res = await h.gql<{ accountByNumber: { status: string; holders: Array<{ fullName: string }> } }>(
      `query($b: String!, $n: String!) { accountByNumber(bankCode: $b, accountNumber: $n) { status holders { fullName } } }`,
      { b: account.bankCode, n: account.deposit },
    );
    expect(res.errors).toBeUndefined();
    const found = dataOf(res).accountByNumber;
    expect(found.status).toBe('ACTIVE');
    // Both holders of the joint account, from the one string the conversion gives.
    expect(found.holders.map((holder) => holder.fullName)).toHaveLength(2);
    expect(found.holders[0]?.fullName).toBe(`${JOINT_HOLDER.firstName} ${JOINT_HOLDER.lastName}`);
    expect(callCounts()).toEqual({ facilityDepositToIbanGet: 1 });
  });

  it('gives the bank of an account from its IBAN without asking the upstream for the account', async () => {
    const res = await h.gql(`{ account(iban: "${WOMAN.account.iban}") { iban bank { code } } }`);
    expect(res.data).toEqual({ account: { iban: WOMAN.account.iban, bank: { code: '056' } } });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it.each([
    ['an IBAN failing its check digits', 'iban', `{ account(iban: "${INVALID.ibanFailingMod97}") { status } }`],
    [
      'a bank code of two digits',
      'bankCode',
      `{ accountByNumber(bankCode: "17", accountNumber: "0016.030.1") { iban } }`,
    ],
    [
      'an account number with letters',
      'accountNumber',
      `{ accountByNumber(bankCode: "017", accountNumber: "12a45") { iban } }`,
    ],
    [
      'a 3-digit account number',
      'accountNumber',
      `{ accountByNumber(bankCode: "017", accountNumber: "123") { iban } }`,
    ],
    [
      'a 5-digit account number with separators',
      'accountNumber',
      `{ accountByNumber(bankCode: "017", accountNumber: "12.3-45") { iban } }`,
    ],
    [
      'an account number of 27 digits',
      'accountNumber',
      `{ accountByNumber(bankCode: "017", accountNumber: "${'1'.repeat(27)}") { iban } }`,
    ],
  ])('refuses %s before any upstream call', async (_, path, query) => {
    const res = await h.gql(query);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('account inquiries', () => {
  it('names the holder of an account found by number without asking for the IBAN record', async () => {
    const { account } = THREE_BANKS;
    const res = await h.gql<{ accountByNumber: { holderName: string } }>(
      `{ accountByNumber(bankCode: "${account.bankCode}", accountNumber: "${account.deposit}") { holderName } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).accountByNumber.holderName).toBe(`${THREE_BANKS.firstName} ${THREE_BANKS.lastName}`);
    expect(callCounts()).toEqual({ facilityDepositToIbanGet: 1, facilityDepositInfoGet: 1 });
    expect(at(h.upstreamCalls('facilityDepositInfoGet'), 0).query.deposit).toBe(account.deposit);
  });

  it('links the holder of an Ayandeh account to the person, with the account type', async () => {
    const res = await h.gql<{ account: { holderDetails: Record<string, unknown> } }>(
      `{ account(iban: "${THREE_BANKS.ayandeh.iban}") { holderDetails { accountNumber status firstName lastName holderId holder { nationalId } accountType customerType } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).account.holderDetails).toEqual({
      accountNumber: THREE_BANKS.ayandeh.deposit,
      status: 'ACTIVE',
      firstName: THREE_BANKS.firstName,
      lastName: THREE_BANKS.lastName,
      holderId: THREE_BANKS.nationalId,
      holder: { nationalId: THREE_BANKS.nationalId },
      accountType: 'QARZ_AL_HASANEH',
      customerType: 'NATURAL',
    });
    expect(at(h.upstreamCalls('facilityGetAccountInfoGet'), 0).query).toMatchObject({
      iban: THREE_BANKS.ayandeh.iban,
      bankCode: '062',
    });
  });

  it('checks the holder of an account at a bank the owner check serves', async () => {
    const res = await h.gql(`{ account(iban: "${JOINT_HOLDER.account.iban}") {
      own: heldBy(holderId: "${JOINT_HOLDER.nationalId}") stranger: heldBy(holderId: "${WOMAN.nationalId}") } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ account: { own: true, stranger: false } });
    const checks = h.upstreamCalls('facilityDepositOwnerVerificationGet');
    expect(checks).toHaveLength(2);
    expect(at(checks, 0).query).toMatchObject({ deposit: JOINT_HOLDER.account.deposit, bank: '016' });
  });

  it('has no owner check for accounts of other banks, and does not ask', async () => {
    const res = await h.gql(`{ account(iban: "${WOMAN.account.iban}") { heldBy(holderId: "${WOMAN.nationalId}") } }`);
    expect(res.data).toEqual({ account: { heldBy: null } });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('has no holder details for accounts of other banks, and does not ask', async () => {
    const res = await h.gql(`{ account(iban: "${WOMAN.account.iban}") { holderDetails { holderId } } }`);
    expect(res.data).toEqual({ account: { holderDetails: null } });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('batching', () => {
  it('asks the upstream once per distinct record however many places need it', async () => {
    const aliases = [1, 2, 3, 4, 5].map(
      (i) =>
        `c${i}: card(number: "${WOMAN.account.card}") { holderName bank { name } account { status holders { fullName } } }`,
    );
    const res = await h.gql(`{
      ${aliases.join('\n')}
      direct: account(iban: "${WOMAN.account.iban}") { status accountNumber holders { fullName } bank { name } }
      other: card(number: "${CLIENT_PERSON.account.card}") { holderName bank { name } account { status } }
    }`);
    expect(res.errors).toBeUndefined();
    expect(callCounts()).toEqual({
      mpgCardInformationGet: 2,
      facilityCardToIbanGet: 2,
      facilityBanksInfoGet: 1,
      // Only the account asked by its IBAN: the cards' accounts are answered by their card-to-IBAN conversion.
      oakIbanInquiryGet: 1,
    });
  });

  it('resolves _entities for cards and accounts with one upstream call per distinct entity', async () => {
    const cards = [WOMAN, CLIENT_PERSON, WOMAN, THREE_BANKS, CLIENT_PERSON, WOMAN].map((person) => ({
      __typename: 'Card',
      number: person.account.card,
    }));
    const accounts = [JOINT_HOLDER, JOINT_HOLDER, WOMAN].map((person) => ({
      __typename: 'BankAccount',
      iban: person.account.iban,
    }));
    const res = await h.gql<{ _entities: Array<{ holderName?: string; holders?: unknown[] } | null> }>(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Card { holderName } ... on BankAccount { holders { fullName } } } }`,
      { r: [...cards, ...accounts, { __typename: 'Card', number: INVALID.cardFailingLuhn }] },
    );
    // The card failing Luhn fails only its own item, before any upstream call.
    expect(res.errors?.map((error) => [error.path, error.extensions?.code])).toEqual([
      [['_entities', 9], 'BAD_USER_INPUT'],
    ]);
    const entities = partialDataOf(res)._entities;
    expect(entities).toHaveLength(10);
    expect(entities[0]).toEqual({ holderName: `${WOMAN.firstName} ${WOMAN.lastName}` });
    expect(entities[2]).toEqual(entities[0]);
    expect(at(entities, 6).holders).toHaveLength(2);
    expect(entities[9]).toBeNull();
    expect(callCounts()).toEqual({ mpgCardInformationGet: 3, oakIbanInquiryGet: 2 });
  });
});
