/** Query.chequeLeafBySerial over HTTP: the leaf of a serial and series with its Sayad id, its links, its refusals. */
import { describe, expect, it } from 'vitest';
import { fullNameOf, personOf } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError } from '../helpers/responses.js';
import { BOOK, DRAWER, DRAWER_ACCOUNT } from './support.js';

const h = useHarness();

const LEAF = `query($serial: String!, $series: String!) { chequeLeafBySerial(serialNumber: $serial, seriesNumber: $series) {
  sayadId iban account { iban } serialNumber seriesNumber issuedOn { jalali } expiresOn { jalali } media branchCode
  holderName } }`;

const leafBySerial = (serial: string, series: string) =>
  h.gql<{ chequeLeafBySerial: Record<string, unknown> | null }>(LEAF, { serial, series });

const toPersian = (digits: string) => digits.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);

describe('Query.chequeLeafBySerial', () => {
  it('gives the leaf of a serial and series, with its Sayad id, as the serial inquiry gives it, in one call', async () => {
    const serial = String(BOOK.serialFrom + 2);
    h.sandbox.clearCalls();
    const res = await leafBySerial(serial, BOOK.seriesNo);
    expect(res.errors).toBeUndefined();
    const leaf = dataOf(res).chequeLeafBySerial;
    expect(leaf).toMatchObject({
      sayadId: at(BOOK.sayadIds, 2),
      iban: DRAWER_ACCOUNT.iban,
      account: { iban: DRAWER_ACCOUNT.iban },
      serialNumber: serial,
      seriesNumber: BOOK.seriesNo,
      media: BOOK.mediaType,
      holderName: null,
    });
    expect(callCounts(h)).toEqual({ creditSayadIdBySerialGet: 1 });

    // The same leaf by its Sayad id: the same values, and the holder's name the serial inquiry adds.
    const byId = await h.gql<{ cheque: { leaf: Record<string, unknown> } }>(
      `query($id: String!) { cheque(sayadId: $id) { leaf {
        sayadId iban serialNumber seriesNumber issuedOn { jalali } expiresOn { jalali } media branchCode holderName } } }`,
      { id: at(BOOK.sayadIds, 2) },
    );
    expect(byId.errors).toBeUndefined();
    const { account: _account, ...fields } = leaf ?? {};
    expect(dataOf(byId).cheque.leaf).toEqual({ ...fields, holderName: fullNameOf(personOf(DRAWER)) });
  });

  it('links the cheque by its Sayad id, and takes Persian digits', async () => {
    const res = await h.gql<{ chequeLeafBySerial: { cheque: { sayadId: string; leaf: { holderName: string } } } }>(
      `query($serial: String!, $series: String!) { chequeLeafBySerial(serialNumber: $serial, seriesNumber: $series) {
        cheque { sayadId leaf { holderName } } } }`,
      { serial: toPersian(String(BOOK.serialFrom)), series: ` ${toPersian(BOOK.seriesNo)} ` },
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).chequeLeafBySerial.cheque).toEqual({
      sayadId: at(BOOK.sayadIds, 0),
      leaf: { holderName: fullNameOf(personOf(DRAWER)) },
    });
  });

  it('is null, without an error, when no leaf has the serial in the series', async () => {
    const beyond = await leafBySerial(String(BOOK.serialFrom + BOOK.sheets), BOOK.seriesNo);
    expect(beyond.errors).toBeUndefined();
    expect(dataOf(beyond).chequeLeafBySerial).toBeNull();
    const nowhere = await leafBySerial('12', '3');
    expect(nowhere.errors).toBeUndefined();
    expect(dataOf(nowhere).chequeLeafBySerial).toBeNull();
  });

  it.each([
    ['a serial with letters', 'A12345', '123456', 'serialNumber'],
    ['an empty serial', ' ', '123456', 'serialNumber'],
    ['a serial of 21 digits', '1'.repeat(21), '123456', 'serialNumber'],
    ['a series with a slash', '123456', '12/3456', 'seriesNumber'],
    ['an empty series', '123456', '', 'seriesNumber'],
  ])('refuses %s (BAD_USER_INPUT at its argument) before any upstream call', async (_, serial, series, path) => {
    h.sandbox.clearCalls();
    const res = await leafBySerial(serial, series);
    expect(res.data?.chequeLeafBySerial).toBeNull();
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toEqual([]);
  });
});
