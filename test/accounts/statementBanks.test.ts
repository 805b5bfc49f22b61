/** The statement's bank-specific transaction fields (Pasargad, Keshavarzi; wire facts §4.9), read from a recorded answer. */
import { describe, expect, it } from 'vitest';
import { AccountsAPI } from '../../src/datasources/accounts.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';

/** An upstream that answers every read with one statement page of `transaction`. */
function answering(transaction: Record<string, unknown>): UpstreamAccess {
  const page = { result: { transactionChain: 'L', transactions: [transaction] }, trackId: 't' };
  return {
    read: () => Promise.resolve(page),
    send: () => Promise.reject(new Error('no sends')),
    authorize: () => Promise.resolve(),
  };
}

const base = {
  transactionAmountCredit: '0000000000000000',
  transactionAmountDebit: '0000000000150000',
  fullDate: '14030105',
  time: '101500',
  transactionClass: 'LEDGER',
};

describe('statement transactions of particular banks', () => {
  it('keeps Pasargad’s refCode and signed transactionAmount', async () => {
    const api = new AccountsAPI(answering({ ...base, refCode: '998877', transactionAmount: '0000000000150000' }));
    const entry = (await api.getStatement('057-8000-1', { fromDate: '14030101', toDate: '14030110' })).transactions[0];
    expect(entry).toMatchObject({ refCode: '998877', transactionAmount: '150000', keshavarzi: null });
  });

  it('gathers Keshavarzi’s own fields (its type list and cheque details too), and splits additionalInformation at `|`', async () => {
    const api = new AccountsAPI(
      answering({
        ...base,
        transactionFee: '0000000000000500',
        transactionTeller: 'T12',
        deposit: '0101-123',
        destinationNumber: 'IR820540102680020817909002',
        transactionJournal: '445566',
        transactionTerminalType: 'POS',
        transactionTerminalCode: 'P1',
        transactionBrTerminal: 'B1',
        chequeType: '1',
        transactionCycle: '2',
        blockAmount: '0000000000001000',
        blockCode: '07',
        blockingReason: 'court order',
        transactionTypeList: ['02', 301],
        chequeInformationMap: {
          chequeNo: '123456',
          chequeType: '1',
          issueDate: '14020105',
          dueDate: '14030105',
          status: 'PAID',
        },
        additionalInformation: 'a||b|c ',
      }),
    );
    const entry = (await api.getStatement('0101-123', { fromDate: '14030101', toDate: '14030110' })).transactions[0];
    expect(entry?.additionalInformation).toEqual(['a', 'b', 'c']);
    expect(entry?.keshavarzi).toEqual({
      transactionFee: '500',
      transactionTeller: 'T12',
      deposit: '0101-123',
      destinationNumber: 'IR820540102680020817909002',
      transactionJournal: '445566',
      transactionTerminalType: 'POS',
      transactionTerminalCode: 'P1',
      transactionBrTerminal: 'B1',
      chequeType: '1',
      transactionCycle: '2',
      blockAmount: '1000',
      blockCode: '07',
      blockingReason: 'court order',
      transactionTypes: ['02', '301'],
      chequeInformation: {
        chequeNumber: '123456',
        chequeType: '1',
        issueDate: '14020105',
        dueDate: '14030105',
        status: 'PAID',
      },
    });
  });
});
