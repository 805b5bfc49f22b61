/**
 * The leaf of a Sayad cheque by its Sayad id (wire facts §4.8, sayadSerialInquiry), and by its serial
 * and series numbers with its Sayad id (sayadIdBySerial), under client credentials: the world's
 * chequebooks answer, whether or not the leaf was ever issued as a cheque.
 */
import { leafOf, leafOfSerial } from '../world/chequebooks.js';
import { compactDate } from '../world/creditCommon.js';
import { fullNameOf, personOf } from '../world/persons.js';
import { guarded, reject, required } from './inputs.js';
import { sayadBranchCode, sayadIdOf } from './sayad.js';
import { done, fail, type OperationHandler } from './types.js';

/** What both leaf inquiries answer of a leaf: its book's account, dates, numbers, media and branch. */
function leafFields({ book, serialNo }: NonNullable<ReturnType<typeof leafOf>>) {
  return {
    iban: book.account.iban,
    issuedDate: compactDate(book.issuedOn),
    expirationDate: compactDate(book.expiresOn),
    serialNo,
    seriesNo: book.seriesNo,
    mediaType: book.mediaType,
    branchCode: sayadBranchCode(book.account),
  };
}

export const sayadSerialInquiry: OperationHandler = guarded(({ query }) => {
  const leaf = leafOf(sayadIdOf(query));
  if (!leaf) return fail({ status: 404, code: 'NOT_FOUND', message: 'cheque leaf not found' });
  // A joint account's book is named after its first holder.
  const holder = leaf.book.account.owners[0];
  return done({
    ...leafFields(leaf),
    name: holder === undefined ? '' : fullNameOf(personOf(holder)),
    returnedCheques: null,
  });
});

/** Designed: both numbers required, digits only (400 `invalid …`); 404 when no book has the leaf. */
export const sayadIdBySerial: OperationHandler = guarded(({ query }) => {
  const serialNo = required(query['serialNo'], 'serialNo');
  const seriesNo = required(query['seriesNo'], 'seriesNo');
  if (!/^\d+$/.test(serialNo)) reject('invalid serialNo');
  if (!/^\d+$/.test(seriesNo)) reject('invalid seriesNo');
  const leaf = leafOfSerial(serialNo, seriesNo);
  if (!leaf) return fail({ status: 404, code: 'NOT_FOUND', message: 'cheque leaf not found' });
  return done({ ...leafFields(leaf), sayadId: leaf.sayadId });
});
