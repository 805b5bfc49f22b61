import { persianDate, persianDateTimeOfCompact } from '../shared/persianDate.js';
import { chequeAccount, chequeMedia, chequeStatus, chequeType } from './codes.js';

/** What the holder's and the drawer's inquiries both say of a cheque, in the upstream's codes. */
interface ChequeCodes {
  readonly status: number | null;
  readonly type: number | null;
  readonly media: number | null;
  readonly dueDate: string | null;
  readonly issuedAt: string | null;
  readonly fromIban: string | null;
}

/** The fields ChequeView and ChequeDrawerReport resolve alike. */
export const chequeFields = {
  status: (cheque: ChequeCodes) => chequeStatus(cheque.status),
  statusCode: (cheque: ChequeCodes) => cheque.status,
  type: (cheque: ChequeCodes) => chequeType(cheque.type),
  media: (cheque: ChequeCodes) => chequeMedia(cheque.media),
  dueDate: (cheque: ChequeCodes) => persianDate(cheque.dueDate),
  issuedAt: (cheque: ChequeCodes) => persianDateTimeOfCompact(cheque.issuedAt),
  drawerAccount: (cheque: ChequeCodes) => chequeAccount(cheque.fromIban),
};
