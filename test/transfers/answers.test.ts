/** How the money and cheque actions read the upstream's answers: which outcome each answer counts as. */
import { describe, expect, it } from 'vitest';
import { ErrorCode, UpstreamError } from '../../src/errors.js';
import { callStatusOf } from '../../src/datasources/flows/callRecords.js';
import { chequeActions } from '../../src/datasources/flows/chequeAction.js';
import { transfers } from '../../src/datasources/flows/transfer.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';

/** An upstream that answers every call with `result`. */
function answering(result: unknown): Pick<UpstreamAccess, 'send' | 'read'> {
  const answer = () => Promise.resolve({ result, trackId: 'track-1' });
  return { send: answer, read: answer };
}

const unreadable = { details: { code: ErrorCode.UpstreamUnavailable } };
const receipt = { transferStatus: 'done', amount: 5000, type: 'Paya', refCode: 'R-9' };

describe('transfer inquiry', () => {
  it.each([
    ['DONE', 'APPLIED'],
    ['success', 'APPLIED'],
    [' Failed ', 'FAILED'],
    ['PENDING', 'IN_PROGRESS'],
    ['', 'IN_PROGRESS'],
    [null, 'IN_PROGRESS'],
    [7, 'IN_PROGRESS'],
    ['constructor', 'IN_PROGRESS'],
  ])('reads the status %j as %s', async (transferStatus, state) => {
    const found = await transfers.inquire(answering({ ...receipt, transferStatus }), 'T1');
    expect(found.state).toBe(state);
  });

  it('reads no transfer with the trackId (404) as absent', async () => {
    const absent: Pick<UpstreamAccess, 'send' | 'read'> = {
      send: () =>
        Promise.reject(
          new UpstreamError({ code: ErrorCode.NotFound, message: 'none', operationId: 'x', httpStatus: 404 }),
        ),
      read: () => Promise.reject(new Error('unused')),
    };
    expect(await transfers.inquire(absent, 'T1')).toEqual({ state: 'ABSENT' });
  });

  it('reads the receipt of an applied transfer', async () => {
    const found = await transfers.inquire(answering(receipt), 'T1');
    expect(found).toEqual({
      state: 'APPLIED',
      receipt: expect.objectContaining({ amount: '5000', rail: 'PAYA', refCode: 'R-9', trackId: 'T1' }),
    });
  });

  it('does not read the receipt of a failed transfer', async () => {
    const found = await transfers.inquire(answering({ transferStatus: 'FAILED', amount: 'lots' }), 'T1');
    expect(found).toEqual({ state: 'FAILED' });
  });

  it('refuses an applied transfer whose amount cannot be read, and a result that is no record', async () => {
    await expect(transfers.inquire(answering({ ...receipt, amount: '12.5' }), 'T1')).rejects.toMatchObject(unreadable);
    await expect(transfers.inquire(answering(['DONE']), 'T1')).rejects.toMatchObject(unreadable);
  });

  it('reads transactionAmount only when amount is absent or null', async () => {
    const amountOf = async (result: object) => {
      const found = await transfers.inquire(answering({ transferStatus: 'DONE', ...result }), 'T1');
      return found.state === 'APPLIED' ? found.receipt.amount : 'not applied';
    };
    expect(await amountOf({ transactionAmount: '700' })).toBe('700');
    expect(await amountOf({ amount: null, transactionAmount: 700 })).toBe('700');
    expect(await amountOf({ amount: '', transactionAmount: '700' })).toBeNull();
    expect(await amountOf({ amount: '800', transactionAmount: 'n/a' })).toBe('800');
  });
});

describe('call records', () => {
  it.each([
    ['done', 'DONE'],
    ['FAILED', 'FAILED'],
    ['Pending', 'PENDING'],
    ['whatever', 'UNKNOWN'],
    [null, 'UNKNOWN'],
  ])('reads the status %j of the call as %s', async (status, expected) => {
    const wages = [
      { trackId: 'other', status: 'DONE' },
      { trackId: ' T1 ', status },
    ];
    expect(await callStatusOf(answering({ wages }), 'T1')).toBe(expected);
  });

  it('reads no such call as null, and an unreadable record as an error', async () => {
    expect(await callStatusOf(answering({ wages: [{ trackId: 'other', status: 'DONE' }] }), 'T1')).toBeNull();
    expect(await callStatusOf(answering({}), 'T1')).toBeNull();
    await expect(callStatusOf(answering({ wages: ['T1'] }), 'T1')).rejects.toMatchObject(unreadable);
  });
});

describe('cheque leaf', () => {
  const leaf = { iban: 'IR820540102680020817909002', seriesNo: '12', serialNo: 34, branchCode: '0102' };

  it('reads a leaf with all four members, and refuses one without', async () => {
    expect(await chequeActions.leaf(answering(leaf), '1234567890123456')).toEqual({
      iban: leaf.iban,
      seriesNumber: '12',
      serialNumber: '34',
      branchCode: '0102',
    });
    await expect(chequeActions.leaf(answering({ ...leaf, branchCode: ' ' }), '1234567890123456')).rejects.toMatchObject(
      unreadable,
    );
  });
});
