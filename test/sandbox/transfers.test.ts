/** The sandbox's money movement over HTTP: rails and their limits, rejections, balances, the inquiry, faults after the effect. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { THREE_BANKS, WOMAN, accountsOf } from '../../sandbox/world/index.js';
import { errorOf, issueToken, resultOf } from './support.js';
import { callWorld, issueCodeToken } from './worldSupport.js';
import { present } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

const TRANSFER_SCOPE = operation('oakTransferToDepositPost').scope;
const INQUIRY_SCOPE = operation('oakTransferInquiryGet').scope;

let sandbox: Sandbox;
let userToken = '';
let clientToken = '';
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  userToken = await issueCodeToken(sandbox, THREE_BANKS.nationalId, '062', [TRANSFER_SCOPE]);
  clientToken = (await issueToken(sandbox, [INQUIRY_SCOPE])).value;
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.clearFaults());

/** The person's Ayandeh (062) accounts: a rich one to pay from, another to pay into, a small one. */
const { rich, other } = transferAccounts();
const small = present(
  accountsOf(THREE_BANKS.nationalId).find((account) => account.iban === 'IR510620047120401235200512'),
  'small',
);
const otherBankIban = WOMAN.account.iban;
/** An account of the same person at another bank (015) than the token's (062). */
const ownAtAnotherBank = present(
  accountsOf(THREE_BANKS.nationalId).find((account) => account.bank.code === '015'),
  'an account at bank 015',
).deposit;

const transfer = (body: Record<string, unknown>, trackId: string = randomUUID()) =>
  callWorld(sandbox, userToken, 'oakTransferToDepositPost', {
    query: { trackId },
    body: { description: 'اجاره', deposit: rich.deposit, ...body },
  });
const inquiry = (inquiryTrackId: string) =>
  callWorld(sandbox, clientToken, 'oakTransferInquiryGet', { query: { inquiryTrackId } });

describe('transferTo', () => {
  it('moves money internally to an account number of the same bank, once, with the bank’s receipt', async () => {
    const [before, beforeOther] = [sandbox.balanceOf(rich.iban), sandbox.balanceOf(other.iban)];
    const trackId = randomUUID();
    const receipt = resultOf(await transfer({ amount: 2_500_000, destinationNumber: other.deposit }, trackId));
    expect(receipt).toMatchObject({
      amount: 2_500_000,
      type: 'internal',
      destinationNumber: other.deposit,
      sourceNumber: rich.deposit,
      destinationFirstname: 'امیر',
      destinationLastname: 'نجفی',
      inquiryDate: expect.stringMatching(/^\d{6}$/),
      inquiryTime: expect.stringMatching(/^\d{6}$/),
      inquirySequence: expect.stringMatching(/^\d+$/),
      refCode: expect.any(String),
    });
    expect(sandbox.balanceOf(rich.iban)).toBe(before - 2_500_000n);
    expect(sandbox.balanceOf(other.iban)).toBe(beforeOther + 2_500_000n);
    expect(resultOf(await inquiry(trackId))).toMatchObject({
      transferStatus: 'DONE',
      transactionAmount: 2_500_000,
      transferTrackId: trackId,
      inquirySequence: receipt['inquirySequence'],
    });

    const again = await transfer({ amount: 2_500_000, destinationNumber: other.deposit }, trackId);
    expect(errorOf(again)).toMatchObject({ status: 400, message: 'duplicate trackId' });
    expect(sandbox.balanceOf(rich.iban)).toBe(before - 2_500_000n);
  });

  it('sends to another bank’s IBAN by Paya up to 1,000,000,000 rials and by Satna above, naming the holder', async () => {
    const names = { destinationFirstname: 'یاسمن', destinationLastname: 'کرمانی' };
    expect(
      resultOf(await transfer({ amount: 1_000_000_000, destinationNumber: otherBankIban, ...names }))['type'],
    ).toBe('paya');
    expect(
      resultOf(await transfer({ amount: 1_000_000_001, destinationNumber: otherBankIban, ...names }))['type'],
    ).toBe('satna');
    expect(resultOf(await transfer({ amount: 20_000, destinationNumber: other.iban }))['type']).toBe('internal');
    const unnamed = await transfer({ amount: 20_000, destinationNumber: otherBankIban });
    expect(errorOf(unnamed)).toMatchObject({ status: 400, message: 'invalid destinationFirstname' });
  });

  it.each([
    [
      'below the minimum',
      { amount: 9_999, destinationNumber: other.deposit },
      'SERVICE_CALL_ERROR',
      'Minimum amount is 10000 Rials.',
    ],
    [
      'an internal transfer above its maximum',
      { amount: 1_000_000_001, destinationNumber: other.deposit },
      'VALIDATION_ERROR',
      'Max amount per transaction limitation exceeded',
    ],
    [
      'the same account',
      { amount: 20_000, destinationNumber: rich.deposit },
      'VALIDATION_ERROR',
      'Source And destination accounts are the same!',
    ],
    [
      'an IBAN failing its check digits',
      { amount: 20_000, destinationNumber: 'IR000620025360301235200501' },
      'VALIDATION_ERROR',
      'invalid destination deposit',
    ],
    [
      'another bank’s account number',
      { amount: 20_000, destinationNumber: WOMAN.account.deposit },
      'VALIDATION_ERROR',
      'invalid destination deposit',
    ],
    [
      'an account of someone else as the source',
      { amount: 20_000, destinationNumber: other.deposit, deposit: WOMAN.account.deposit },
      'VALIDATION_ERROR',
      'invalid deposit',
    ],
    [
      'their own account at a bank the token was not granted for',
      { amount: 20_000, destinationNumber: other.deposit, deposit: ownAtAnotherBank },
      'VALIDATION_ERROR',
      'invalid deposit',
    ],
    [
      'more than the balance',
      { amount: 60_000_000, destinationNumber: other.deposit, deposit: small.deposit },
      'VALIDATION_ERROR',
      'account conditions not passed',
    ],
    [
      'a description with "--"',
      { amount: 20_000, destinationNumber: other.deposit, description: 'a--b' },
      'VALIDATION_ERROR',
      'invalid description',
    ],
    [
      'a fractional amount',
      { amount: 20_000.5, destinationNumber: other.deposit },
      'VALIDATION_ERROR',
      'invalid amount',
    ],
  ])('refuses %s and moves nothing', async (_, body, code, message) => {
    const before = sandbox.appliedTransfers().length;
    expect(errorOf(await transfer(body))).toMatchObject({ status: 400, code, message });
    expect(sandbox.appliedTransfers()).toHaveLength(before);
  });

  it('needs a trackId', async () => {
    const body = { description: 'اجاره', deposit: rich.deposit, amount: 20_000, destinationNumber: other.deposit };
    expect(errorOf(await callWorld(sandbox, userToken, 'oakTransferToDepositPost', { body })).message).toBe(
      'trackId is required',
    );
  });
});

describe('faults around the effect', () => {
  it('applies a transfer answered with 408 after the effect; the inquiry shows it', async () => {
    sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 408, afterEffect: true });
    const trackId = randomUUID();
    const before = sandbox.balanceOf(rich.iban);
    expect(errorOf(await transfer({ amount: 30_000, destinationNumber: other.deposit }, trackId)).status).toBe(408);
    expect(sandbox.balanceOf(rich.iban)).toBe(before - 30_000n);
    expect(resultOf(await inquiry(trackId))).toMatchObject({ transferStatus: 'DONE', transactionAmount: 30_000 });
  });

  it('answers 408 before the effect without applying it; the inquiry does not know it', async () => {
    sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 408 });
    const trackId = randomUUID();
    const before = sandbox.balanceOf(rich.iban);
    expect(errorOf(await transfer({ amount: 30_000, destinationNumber: other.deposit }, trackId)).status).toBe(408);
    expect(sandbox.balanceOf(rich.iban)).toBe(before);
    expect(errorOf(await inquiry(trackId))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('cuts the connection after the effect when asked', async () => {
    sandbox.injectFault({ operationId: 'oakTransferToDepositPost', reset: true, afterEffect: true });
    const trackId = randomUUID();
    await expect(transfer({ amount: 40_000, destinationNumber: other.deposit }, trackId)).rejects.toThrow();
    expect(resultOf(await inquiry(trackId))).toMatchObject({ transactionAmount: 40_000 });
  });
});
