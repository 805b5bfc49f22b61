/** Mutation.transfer's bank-specific fields (wire facts §4.9), the receipt's other fields, and the order's links. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOINT_HOLDER, THREE_BANKS, WOMAN } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { at, dataOf, firstError } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

const h = useHarness();
let handle = '';
beforeAll(async () => {
  handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
});

const { rich, other } = transferAccounts();

const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) {
  __typename
  ... on TransferCompleted {
    receipt { description message paymentNumber reasonDescription sourceFirstName sourceLastName transactionId endToEndId destinationAccount { iban } }
    transfer { id order { reasonDescription sourceFirstName sourceLastName merchantName merchantIban
      holder { nationalId } sourceAccount { iban } destinationAccount { iban } } }
  }
  ... on TransferRejected { code }
} }`;

const order = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  nationalId: THREE_BANKS.nationalId,
  sourceAccountNumber: rich.deposit,
  destination: other.deposit,
  amount: '150000',
  description: 'قسط',
  paymentNumber: '1234567',
  reasonDescription: '1',
  sourceFirstName: THREE_BANKS.firstName,
  sourceLastName: THREE_BANKS.lastName,
  secondPassword: '483920',
  merchantName: 'فروشگاه نمونه',
  merchantIban: WOMAN.account.iban,
  ...overrides,
});

const send = (input: Record<string, unknown>) =>
  h.gql<{ transfer: Record<string, unknown> }>(TRANSFER, { input }, withHandle(handle));

describe('a transfer with the bank-specific fields', () => {
  it('sends them, answers the whole receipt, and links the order to its holder and accounts', async () => {
    const input = order();
    const res = await send(input);
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).transfer).toMatchObject({
      __typename: 'TransferCompleted',
      receipt: {
        description: 'قسط',
        message: null,
        paymentNumber: '1234567',
        reasonDescription: '1',
        sourceFirstName: THREE_BANKS.firstName,
        sourceLastName: THREE_BANKS.lastName,
        transactionId: null,
        endToEndId: null,
        destinationAccount: null,
      },
      transfer: {
        order: {
          reasonDescription: '1',
          sourceFirstName: THREE_BANKS.firstName,
          sourceLastName: THREE_BANKS.lastName,
          merchantName: 'فروشگاه نمونه',
          merchantIban: WOMAN.account.iban,
          holder: { nationalId: THREE_BANKS.nationalId },
          sourceAccount: { iban: rich.iban },
          destinationAccount: { iban: other.iban },
        },
      },
    });
    const sent = at(h.upstreamCalls('oakTransferToDepositPost'), 0);
    expect(sent.body).toMatchObject({
      reasonDescription: '1',
      sourceFirstName: THREE_BANKS.firstName,
      sourceLastName: THREE_BANKS.lastName,
      secondPassword: '483920',
      merchantName: 'فروشگاه نمونه',
      merchantIban: WOMAN.account.iban,
      paymentNumber: '1234567',
    });
    // Source and destination by number at the consent's bank: one conversion each, nothing else.
    expect(callCounts(h)).toEqual({ oakTransferToDepositPost: 1, facilityDepositToIbanGet: 2 });
  });

  it('keeps the transfer PIN out of the idempotency fingerprint and out of every answer', async () => {
    const input = order();
    expect(dataOf(await send(input)).transfer.__typename).toBe('TransferCompleted');
    // Another PIN with the same key is the same transfer (the PIN is not part of what was asked), never sent again.
    const again = await send({ ...input, secondPassword: '111111' });
    expect(again.errors).toBeUndefined();
    expect(dataOf(again).transfer.__typename).toBe('TransferCompleted');
    expect(JSON.stringify(again)).not.toContain('483920');
    expect(h.upstreamCalls('oakTransferToDepositPost')).toHaveLength(1);
  });

  it.each([
    ['a purpose code with a dash', { reasonDescription: '1-2' }, 'input.reasonDescription'],
    ['a purpose code of 11 characters', { reasonDescription: 'A'.repeat(11) }, 'input.reasonDescription'],
    ['a 3-digit PIN', { secondPassword: '123' }, 'input.secondPassword'],
    ['a PIN with letters', { secondPassword: '12ab56' }, 'input.secondPassword'],
    ['a first source name alone', { sourceLastName: null }, 'input.sourceLastName'],
    ['a last source name alone', { sourceFirstName: null }, 'input.sourceFirstName'],
    ['a one-letter source name', { sourceFirstName: 'x' }, 'input.sourceFirstName'],
    ['a malformed merchant IBAN', { merchantIban: 'IR000000000000000000000000' }, 'input.merchantIban'],
    ['a merchant name of 31 characters', { merchantName: 'ب'.repeat(31) }, 'input.merchantName'],
  ])('refuses %s before any upstream call', async (_, overrides, path) => {
    const res = await send(order(overrides));
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toEqual([]);
  });
});

describe('the fields the source bank requires', () => {
  it.each([
    ['an Ayandeh source without a payment id', { paymentNumber: null }, 'input.paymentNumber'],
    ['an Ayandeh source without a purpose code', { reasonDescription: null }, 'input.reasonDescription'],
    ['an Ayandeh source with an empty payment id', { paymentNumber: '' }, 'input.paymentNumber'],
  ])('refuses %s before any upstream call', async (_, overrides, path) => {
    const res = await send(order(overrides));
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('asks an Ayandeh source for neither the source names nor the PIN', async () => {
    const res = await send(order({ sourceFirstName: null, sourceLastName: null, secondPassword: null }));
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).transfer.__typename).toBe('TransferCompleted');
  });

  it.each([
    ['Keshavarzi', JOINT_HOLDER, '016', { sourceFirstName: null, sourceLastName: null }, 'input.sourceFirstName'],
    ['Parsian', THREE_BANKS, '054', { secondPassword: null }, 'input.secondPassword'],
  ])(
    'refuses a %s source without what that bank requires, before any upstream call',
    async (_, person, bank, overrides, path) => {
      const bankHandle = await codeConsent(h.gql, person.nationalId, bank);
      h.sandbox.clearCalls();
      const res = await h.gql<{ transfer: Record<string, unknown> }>(
        TRANSFER,
        {
          input: order({
            nationalId: person.nationalId,
            paymentNumber: null,
            reasonDescription: null,
            ...overrides,
          }),
        },
        withHandle(bankHandle),
      );
      expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
      expect(firstError(res).message).toContain(bank);
      expect(h.upstreamCalls()).toEqual([]);
    },
  );
});
