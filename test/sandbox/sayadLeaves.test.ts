/** The sandbox's Sayad leaf inquiries (sayadSerialInquiry, sayadIdBySerial) over HTTP, checked against the chequebook inquiry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { chequebooksOf } from '../../sandbox/world/chequebooks.js';
import { JOINT_HOLDER, THREE_BANKS, accountsOf, fullNameOf, personOf } from '../../sandbox/world/index.js';
import { callOperation, errorOf, issueToken, resultOf, type Json } from './support.js';
import { at, present } from '../helpers/responses.js';

const account = accountsOf(THREE_BANKS.nationalId).find(
  (candidate) => candidate.iban === 'IR490150007580401235200517',
)!;
const book = at(chequebooksOf(account), 0);

let sandbox: Sandbox;
let token = '';
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = (
    await issueToken(sandbox, [
      operation('creditSayadSerialInquiryGet').scope,
      operation('creditChequebookInquiryGet').scope,
      operation('creditSayadIdBySerialGet').scope,
    ])
  ).value;
});
afterAll(() => sandbox.close());

const inquiry = (sayadId: string) =>
  callOperation(sandbox, 'creditSayadSerialInquiryGet', { token, query: { sayadId } });

describe('sayadSerialInquiry', () => {
  it('answers a leaf of the world with its account, numbers, dates and holder, as the chequebook inquiry lists it', async () => {
    const leaf = 3;
    const result = resultOf(await inquiry(at(book.sayadIds, leaf)));
    const listed = at(
      resultOf(
        await callOperation(sandbox, 'creditChequebookInquiryGet', { token, query: { deposit: account.deposit } }),
      )['chequeDetails'] as Json[],
      0,
    );
    expect(result).toEqual({
      iban: account.iban,
      issuedDate: listed['issuanceDate'],
      expirationDate: listed['expireDate'],
      serialNo: String(book.serialFrom + leaf),
      seriesNo: book.seriesNo,
      mediaType: listed['mediaType'],
      branchCode: `15${account.branch}`,
      name: fullNameOf(personOf(THREE_BANKS.nationalId)),
      returnedCheques: null,
    });
    expect(result['issuedDate']).toMatch(/^1[34]\d{6}$/);
    expect(String(result['expirationDate']) > String(result['issuedDate'])).toBe(true);
  });

  it('names a joint account’s book after its first holder', async () => {
    const joint = present(
      accountsOf(JOINT_HOLDER.nationalId).find((candidate) => candidate.joint && chequebooksOf(candidate).length > 0),
      'a joint account with a chequebook',
    );
    const result = resultOf(await inquiry(at(at(chequebooksOf(joint), 0).sayadIds, 0)));
    expect(result['name']).toBe(fullNameOf(personOf(at(joint.owners, 0))));
  });

  it.each([
    ['a leaf number past the book', `${at(book.sayadIds, 0).slice(0, 12)}9999`],
    ['an unknown bank code', '9990000000000001'],
  ])('answers 404 NOT_FOUND for a well-formed id that is no leaf: %s', async (_, sayadId) => {
    expect(errorOf(await inquiry(sayadId))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it.each([
    ['15 digits', '123456789012345'],
    ['letters', '12345678901234ab'],
    ['nothing', ''],
  ])('refuses a malformed sayadId: %s', async (_, sayadId) => {
    expect(errorOf(await inquiry(sayadId))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'invalid sayadId',
    });
  });
});

const bySerial = (serialNo: string, seriesNo: string) =>
  callOperation(sandbox, 'creditSayadIdBySerialGet', { token, query: { serialNo, seriesNo } });

describe('sayadIdBySerial', () => {
  it('answers the leaf of a serial and series with its Sayad id, as the serial inquiry gives it', async () => {
    const leaf = 4;
    const result = resultOf(await bySerial(String(book.serialFrom + leaf), book.seriesNo));
    const { name: _name, returnedCheques: _returned, ...byId } = resultOf(await inquiry(at(book.sayadIds, leaf)));
    expect(result).toEqual({ ...byId, sayadId: at(book.sayadIds, leaf) });
  });

  it('finds the last leaf of the books of several people’s accounts, and none of their leaves past them', async () => {
    const books = [THREE_BANKS, JOINT_HOLDER].flatMap((person) => accountsOf(person.nationalId).flatMap(chequebooksOf));
    expect(books.length).toBeGreaterThan(1);
    for (const each of books) {
      const last = each.sheets - 1;
      const found = resultOf(await bySerial(String(each.serialFrom + last), each.seriesNo));
      expect(found['sayadId']).toBe(at(each.sayadIds, last));
      // Past the book: no leaf, or (after a full book of 25) the first leaf of the next account's book.
      const past = await bySerial(String(each.serialFrom + each.sheets), each.seriesNo);
      if (each.sheets < 25) expect(errorOf(past)).toMatchObject({ status: 404 });
      else if (errorOf(past).status === 200) expect(each.sayadIds).not.toContain(resultOf(past)['sayadId']);
    }
  });

  it.each([
    ['letters in the serial', { serialNo: '12a456', seriesNo: '123456' }, 'invalid serialNo'],
    ['letters in the series', { serialNo: '123456', seriesNo: '12-456' }, 'invalid seriesNo'],
    ['no serial', { seriesNo: '123456' }, 'serialNo is required'],
    ['no series', { serialNo: '123456' }, 'seriesNo is required'],
  ])('refuses %s', async (_, query, message) => {
    const answer = await callOperation(sandbox, 'creditSayadIdBySerialGet', { token, query });
    expect(errorOf(answer)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
  });
});
